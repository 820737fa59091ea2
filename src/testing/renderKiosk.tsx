import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { onTestFinished } from 'vitest';
import { MemoryRouter, useLocation } from '../hooks/pageAddress';
import { appStarted } from '../store/actions';
import { AppRoutes, preloadScreens } from '../app/router';
import { ServicesContext } from '../store/servicesContext';
import type { RootState } from '../store/rootState';
import { makeStore, type AppStore } from '../app/store';
import { NotificationOverlay } from '../features/notifications/components/NotificationOverlay';
import { parsePropertyResponse } from '../features/property/parsePropertyResponse';
import { propertyLoaded } from '../features/property/propertySlice';
import { launchParamsRead } from '../features/session/sessionSlice';
import type { PanelModel } from '../features/session/models';
import { createTestServices, type TestServices } from './fakeServices';
import { rawProperty } from './fixtures';
import { LATER_LISTENERS } from '../app/laterListeners';

// The kiosk preloads its lazy screens once home shows; tests start with them loaded.
await preloadScreens();

/** Shows the current path so tests can assert navigation like a visitor sees it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function storeWithProperty(
  services: TestServices,
  model: PanelModel = 'GEN2',
  property = rawProperty(),
  preloaded: Partial<RootState> = {},
): AppStore {
  const store = makeStore(services, preloaded, LATER_LISTENERS);
  store.dispatch(launchParamsRead({ token: 'test-token', model, unknownModel: false }));
  const parsed = parsePropertyResponse(property);
  store.dispatch(propertyLoaded({ data: parsed.data, twimlToken: parsed.twimlToken }));
  return store;
}

/**
 * A kiosk store on fake services, started as the app starts it (appStarted),
 * with property data unless `property` is null; disposed when the test ends.
 */
export function startedStore({
  model = 'GEN2' as PanelModel,
  property = rawProperty() as ReturnType<typeof rawProperty> | null,
  preloaded = {} as Partial<RootState>,
} = {}) {
  const services = createTestServices();
  const store = property ? storeWithProperty(services, model, property, preloaded) : makeStore(services, preloaded, LATER_LISTENERS);
  store.dispatch(appStarted());
  onTestFinished(() => store.dispose());
  return { store, services };
}

/** Renders the kiosk's screens at `route` with a loaded property and fake services. */
export function renderKiosk({
  route = '/',
  model = 'GEN2' as PanelModel,
  property = rawProperty(),
  services = createTestServices(),
  preloaded = {},
}: {
  route?: string;
  model?: PanelModel;
  property?: ReturnType<typeof rawProperty>;
  services?: TestServices;
  /** State as a reload finds it in storage (e.g. a code-entry lock). */
  preloaded?: Partial<RootState>;
} = {}) {
  const store = storeWithProperty(services, model, property, preloaded);
  onTestFinished(() => store.dispose());
  const view = render(
    <Provider store={store}>
      <ServicesContext.Provider value={services}>
        <MemoryRouter route={route}>
          <AppRoutes onReload={services.page.reload} />
          <NotificationOverlay />
          <LocationProbe />
        </MemoryRouter>
      </ServicesContext.Provider>
    </Provider>,
  );
  return { ...view, store, services };
}
