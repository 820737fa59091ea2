import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../hooks/pageAddress';
import { useAppSelector } from '../../store/hooks';
import { useServices } from '../../store/servicesContext';
import { config } from '../../config/config';
import { KeyLink } from '../../components/KeyLink';
import { Logo } from '../../components/Logo';
import { selectIsOnline } from '../../features/connectivity/connectivitySlice';
import { selectPropertyStatus } from '../../features/property/propertyLoadSlice';
import { TEST_CALL_RESIDENT } from '../../features/call/testCall';
import { CodeLockNotice } from '../../features/code-lock/components/CodeLockNotice';
import { useCodeLockSeconds } from '../../features/code-lock/useCodeLock';
import { codeEntryFromHome, DELIVERY_DIRECTORY, directoryHint, hasGuidance, homeKeyTarget, homeLinks } from '../../features/home-links/homeLinks';
import { useButtons } from '../../features/input/useButtons';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';
import { selectCurrentNotification } from '../../features/notifications/notificationsSlice';
import { selectDevice, selectPropertyMeta } from '../../features/property/selectors';
import { selectDeviceSettings } from '../../features/session/deviceSettings';
import { useDevice } from '../../features/session/useDevice';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';
import { keyToButton } from '../../services/input/buttons';
import { CodeEntryAhead } from '../enter-code/CodeEntryAhead';
import { loadGuidance } from './loadGuidance';
import { useCodeEntryAtOnce } from './useCodeEntryAtOnce';
import { useOnTop, useScreenLayers } from '../../hooks/screenLayers';

/** Home shows how to use the panel after this long without a key press or a tap. */
export const GUIDANCE_AFTER_MS = 20000;

export function HomeScreen({ onReload }: { onReload: () => void }) {
  const navigate = useNavigate();
  const property = useAppSelector(selectPropertyMeta);
  const device = useAppSelector(selectDevice);
  const isOnline = useAppSelector(selectIsOnline);
  const loading = useAppSelector(selectPropertyStatus) === 'loading';
  // Read on top only: kept under code entry, home hears no key, says nothing and waits for nothing a notice
  // would stop, and need not render again as the fifth digit's notice shows, in that key's frame.
  const onTop = useOnTop();
  const notificationShowing = useAppSelector((state) => onTop && selectCurrentNotification(state) !== null);
  const { labels, t, model } = useDevice();
  const { language } = useAppSelector(selectDeviceSettings);
  const links = homeLinks(device, property, isOnline, useServices().capabilities.camera);
  const lockSeconds = useCodeLockSeconds();
  const [guiding, setGuiding] = useState(false);
  const [guidance, setGuidance] = useState<typeof import('./Guidance') | null>(null);
  const ahead = useRef<HTMLDivElement>(null);
  const codeEntry = useCodeEntryAtOnce(ahead);
  const layers = useScreenLayers();
  useSpokenPrompt(prompts.home(model, links), { quiet: notificationShowing, again: guiding });

  useIdleTimeout(() => {
    if (notificationShowing || !hasGuidance(links)) return;
    // Without its code (the kiosk's server away since the start) home simply stays.
    loadGuidance().then((module) => {
      setGuidance(() => module);
      setGuiding(true);
    }, () => undefined);
  }, GUIDANCE_AFTER_MS);
  useEffect(() => {
    if (!guiding) return undefined;
    // Any key or tap brings home back (gamepad buttons are handled below). BACK
    // does nothing else: it is stopped here, before the panel's buttons see it.
    const hide = () => setGuiding(false);
    const onKey = (event: KeyboardEvent) => {
      if (keyToButton(event) === 'BACK') event.stopPropagation();
      hide();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('click', hide, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('click', hide, { capture: true });
    };
  }, [guiding]);

  useButtons((button) => {
    if (codeEntry.takeOverFirst() || layers.takeOverFirst()) return;
    // Only when it shows: a state set to what it is can still render home again, in the key press.
    if (guiding) setGuiding(false);
    // On the guidance BACK (from a gamepad) only leaves it; the buttons it explains do what it says.
    if (guiding && button === 'BACK') return;
    const entry = codeEntryFromHome(button, { device, notificationShowing, codesLocked: lockSeconds > 0 });
    const opens = homeKeyTarget(button, links);
    if (entry) {
      if (entry.typed) codeEntry.open(entry.typed);
      else navigate('/enter-code');
    } else if (opens === '/resident-directory' && layers.openDirectory()) return;
    else if (opens) navigate(opens);
    else if (button === 'SPACE' && isOnline) navigate(`/call?resident=${TEST_CALL_RESIDENT}`);
  }, !notificationShowing);

  const title = t('home.title', { name: property?.public_name ?? '' });
  // The countdown stays in sight on the guidance too: it is why a code pressed now is not taken.
  const lockNotice = lockSeconds > 0 && (links.enterCode || links.scanQr) ? <CodeLockNotice seconds={lockSeconds} /> : null;
  if (guiding && guidance) return <guidance.Guidance links={links} labels={labels} language={language} title={title} notice={lockNotice} />;
  return (
    <main className="screen home">
      <header className="screen-header home-header">
        <Logo name={t('app.name')} onClick={onReload} reloadLabel={t('app.reload')} />
        <h1>{title}</h1>
      </header>
      <nav className={Object.values(links).filter(Boolean).length > 4 ? 'home-links home-links-many' : 'home-links'}>
        {links.enterCode && <KeyLink className="home-link" to="/enter-code" text={t('home.enterCode')} hint={labels ? '0-9' : null} />}
        {links.scanQr && <KeyLink className="home-link" to="/scan-qr" text={t('home.scanQr')} hint={labels?.go ?? null} />}
        {links.directory && (
          <KeyLink className="home-link" to="/resident-directory" text={t('home.callResident')} hint={labels ? directoryHint(labels, links) : null} />
        )}
        {links.callManager && <KeyLink className="home-link" to="/call" text={t('home.callManager')} hint={labels?.back ?? null} />}
        {links.delivery && <KeyLink className="home-link" to={DELIVERY_DIRECTORY} text={t('home.delivery')} hint={labels?.down ?? null} />}
      </nav>
      {lockNotice}
      {links.enterCode && <CodeEntryAhead view={ahead} />}
      <footer className="screen-footer version">
        v{config.version}
        {loading ? ' ...' : ''}
      </footer>
    </main>
  );
}
