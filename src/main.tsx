import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { persistStore, type Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { App } from './app/App';
import { config } from './app/config';
import { createServices } from './app/createServices';
import { startKiosk } from './app/startup';
import { makeStore } from './app/store';
import { Splash } from './components/Splash';
import { selectDeviceSettings } from './features/session/deviceSettings';
import { readLaunchParams } from './features/session/launchParams';
import './styles.css';

const launch = readLaunchParams(window.location.search);
let persistor: Persistor | null = null;
const services = createServices(config, {
  getToken: () => store.getState().session.token,
  getSettings: () => selectDeviceSettings(store.getState()),
  beforeReload: async () => persistor?.flush(),
});
const store = makeStore(services);
persistor = persistStore(store, null, () => {
  startKiosk(store, launch, window);
  // The token from the address is on screen no more: store it right away.
  void persistor?.flush();
});

// The service worker's download of the whole build waits until this page has its own files.
window.addEventListener('load', () => services.page.keepForOffline(), { once: true });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={<Splash />} persistor={persistor}>
        <App services={services} />
      </PersistGate>
    </Provider>
  </StrictMode>,
);
