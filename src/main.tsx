import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './app/App';
import { config } from './config/config';
import { createServices } from './app/createServices';
import { logUncaughtErrors } from './app/globalErrors';
import { readDatabase, takePanelClaim } from './app/takePanelClaim';
import { openPersistedStore } from './app/persistence/persistedStore';
import { installLockdown } from './app/lockdown';
import { detectCapabilities } from './lib/capabilities';
import { startKiosk } from './app/startup';
import { afterFirstScreen } from './lib/afterFirstScreen';
import { writePendingAddresses } from './hooks/pageAddress';
import { announceStarted } from './boot-guard/startedSignal';
import { Splash } from './features/session/components/Splash';
import { StandbyMessage } from './features/session/components/StandbyMessage';
import { selectDeviceSettings } from './features/session/deviceSettings';
import { readLaunchParams } from './features/session/launchParams';
import { hasEarlyButtons, takeEarlyButtons } from './services/input/earlyButtons';
import type { Language } from './strings/catalogue';
import { loadCatalogue } from './strings/loadCatalogue';
import './styles.css';

/** Start-up milestones for bench/start-profile.mjs (User Timing marks: a few microseconds each). */
const mark = (name: string) => performance.mark(`kiosk:${name}`);
mark('modules-evaluated');
installLockdown(window);
// Covered home stays painted, kept out of reach by `inert`; an engine without it (Chromium before 102) hides it (styles.css).
if (!('inert' in HTMLElement.prototype)) document.documentElement.classList.add('without-inert');
const capabilities = detectCapabilities(window);
const launch = readLaunchParams(window.location.search);
const root = createRoot(document.getElementById('root') as HTMLElement);

async function boot(): Promise<void> {
  // The first frame's script (src/first-frame/) painted the welcome from the stored property: the kiosk's first render replaces it.
  if (!hasEarlyButtons(window)) root.render(<Splash />);
  // Another window of this kiosk runs the panel: wait, touching neither the storage nor the hardware.
  const claim = takePanelClaim(window);
  claim.onWaiting(() => {
    // Presses typed on the first frame are not for this window: it may take over much later.
    takeEarlyButtons(window);
    root.render(<StandbyMessage />);
    announceStarted(document);
  });
  await claim.held;
  const { store, services, flush, ready } = openPersistedStore(
    window.localStorage,
    (getState) =>
      createServices(config, {
        getToken: () => getState().session.token,
        getSettings: () => selectDeviceSettings(getState()),
        beforeReload: async () => {
          if (!(await flush())) throw new Error('stored state not written yet');
          // The page reloads onto the screen that shows, also when its address still waits for a frame.
          writePendingAddresses();
        },
        capabilities,
      }),
    // The queue and the property data: read once the first screen is shown, so neither the read nor their checks hold it up.
    claim.opened.then((database) => afterFirstScreen().then(() => readDatabase(database))),
    // So is the code of the workflows it does not need: fetched once more if the first fetch fails.
    afterFirstScreen().then(laterListeners).catch(laterListeners),
  );
  mark('store-made');
  const appLogger = services.logger.child('app');
  logUncaughtErrors(window, appLogger);
  // A page brought back from the back-forward cache gave up the kiosk lock as it left (panelClaim.ts): it starts again.
  services.page.onRestored(() => services.page.reload());
  // The effects (the queue sent, the property loaded, the sockets) once the database's parts are in, and the first screen is shown.
  startKiosk(store, launch, window, (start) => void Promise.all([ready, afterFirstScreen()]).then(start));
  mark('kiosk-started');
  // The service worker's download of the whole build waits until this page has its own files.
  await panelLanguageLoaded(selectDeviceSettings(store.getState()).language);
  if (document.readyState === 'complete') services.page.keepForOffline();
  else window.addEventListener('load', () => services.page.keepForOffline(), { once: true });
  // At once, not in a task of its own: a task could let the database's answer in first.
  flushSync(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <App services={services} />
        </Provider>
      </StrictMode>,
    ),
  );
  mark('render-called');
  // The bundle runs on this engine: the boot guard (src/boot-guard/) stands down.
  announceStarted(document);
}

const laterListeners = () => import('./app/laterListeners').then((module) => module.LATER_LISTENERS);

/**
 * The panel language's strings, before the first render: the welcome (the
 * first frame painted it in that language) does not turn English meanwhile.
 * At most a second: a server that does not answer leaves the kiosk English.
 */
async function panelLanguageLoaded(language: Language): Promise<void> {
  let timer: number | undefined;
  await Promise.race([loadCatalogue(language), new Promise((resolve) => (timer = window.setTimeout(resolve, 1000)))]);
  window.clearTimeout(timer);
}

void boot();
