import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './app/App';
import { config } from './config/config';
import { createServices } from './app/createServices';
import { logUncaughtErrors } from './app/globalErrors';
import { becomeOnlyKiosk } from './app/kioskLock';
import { openPersistedStore } from './app/persistence/persistedStore';
import { installLockdown } from './app/lockdown';
import { startKiosk } from './app/startup';
import { announceStarted } from './boot-guard/startedSignal';
import { Splash } from './features/session/components/Splash';
import { StandbyMessage } from './features/session/components/StandbyMessage';
import { selectDeviceSettings } from './features/session/deviceSettings';
import { readLaunchParams } from './features/session/launchParams';
import './styles.css';

installLockdown(window);
const launch = readLaunchParams(window.location.search);
const root = createRoot(document.getElementById('root') as HTMLElement);

async function boot(): Promise<void> {
  root.render(<Splash />);
  // Another window of this kiosk runs the panel: wait, touching neither the storage nor the hardware.
  const lock = await becomeOnlyKiosk(window.navigator.locks, () => {
    root.render(<StandbyMessage />);
    announceStarted(document);
  });
  const { store, services, saver } = openPersistedStore(window.localStorage, (getState) =>
    createServices(config, {
      getToken: () => getState().session.token,
      getSettings: () => selectDeviceSettings(getState()),
      beforeReload: async () => {
        if (!saver.flush()) throw new Error('stored state not written yet');
      },
    }),
  );
  const appLogger = services.logger.child('app');
  logUncaughtErrors(window, appLogger);
  if (lock === 'unavailable') appLogger.error('Web Locks unavailable: a second window of this kiosk would run the panel too');
  startKiosk(store, launch, window);
  // The service worker's download of the whole build waits until this page has its own files.
  if (document.readyState === 'complete') services.page.keepForOffline();
  else window.addEventListener('load', () => services.page.keepForOffline(), { once: true });
  root.render(
    <StrictMode>
      <Provider store={store}>
        <App services={services} />
      </Provider>
    </StrictMode>,
  );
  // The bundle runs on this engine: the boot guard (src/boot-guard/) stands down.
  announceStarted(document);
}

void boot();
