import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { config } from '../../app/config';
import { Logo } from '../../components/Logo';
import { selectIsOnline, selectPropertyStatus } from '../../features/app-status/appStatusSlice';
import { TEST_CALL_RESIDENT } from '../../features/call/callTarget';
import { CodeLockNotice } from '../../features/code-lock/components/CodeLockNotice';
import { useCodeLockSeconds } from '../../features/code-lock/useCodeLock';
import { useButtons } from '../../features/input/useButtons';
import { selectCurrentNotification } from '../../features/notifications/notificationsSlice';
import { selectDevice, selectPropertyMeta } from '../../features/property/selectors';
import { useDevice } from '../../features/session/useDevice';
import { isDigit } from '../../services/input/buttons';
import { homeLinks } from './homeLinks';

export function HomeScreen({ onReload }: { onReload: () => void }) {
  const navigate = useNavigate();
  const property = useAppSelector(selectPropertyMeta);
  const device = useAppSelector(selectDevice);
  const isOnline = useAppSelector(selectIsOnline);
  const loading = useAppSelector(selectPropertyStatus) === 'loading';
  const notificationShowing = useAppSelector(selectCurrentNotification) !== null;
  const { labels, strings } = useDevice();
  const links = homeLinks(device, property, isOnline);
  const lockSeconds = useCodeLockSeconds();

  useButtons((button) => {
    if ((button === 'UP' || button === 'DOWN') && links.directory) navigate('/resident-directory');
    else if (button === 'GO' && links.scanQr) navigate('/scan-qr');
    else if (button === 'BACK' && links.callManager) navigate('/call');
    // While codes are locked the digit is not kept: the code screen says why.
    else if (isDigit(button) && links.enterCode) navigate(lockSeconds > 0 ? '/enter-code' : `/enter-code?initialCode=${button}`);
    else if (button === 'SPACE' && isOnline) navigate(`/call?resident=${TEST_CALL_RESIDENT}`);
  }, !notificationShowing);

  return (
    <main className="screen home">
      <header className="screen-header home-header">
        <Logo onClick={onReload} />
        <h1>Welcome to {property?.public_name}!</h1>
      </header>
      <nav className="home-links">
        {links.enterCode && <HomeLink to="/enter-code" text={strings.enterCode} hint={labels ? '0-9' : null} />}
        {links.scanQr && <HomeLink to="/scan-qr" text={strings.scanQr} hint={labels?.go ?? null} />}
        {links.directory && (
          <HomeLink to="/resident-directory" text={strings.callResident} hint={labels ? `${labels.up} ${labels.down}` : null} />
        )}
        {links.callManager && <HomeLink to="/call" text={strings.callManager} hint={labels?.back ?? null} />}
      </nav>
      {lockSeconds > 0 && (links.enterCode || links.scanQr) && <CodeLockNotice seconds={lockSeconds} />}
      <footer className="screen-footer version">
        v{config.version}
        {loading ? ' ...' : ''}
      </footer>
    </main>
  );
}

function HomeLink({ to, text, hint }: { to: string; text: string; hint: string | null }) {
  return (
    <Link className="home-link" to={to}>
      {hint ? <kbd className="button-hint">{hint}</kbd> : null}
      <span>{text}</span>
    </Link>
  );
}
