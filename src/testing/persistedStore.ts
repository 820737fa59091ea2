import { persistStore } from 'redux-persist';
import { makeStore } from '../app/store';
import { createTestServices, type TestServices } from './fakeServices';

/**
 * A store that saves to and reads back from localStorage as the kiosk's page
 * does, resolved once what was stored is back. `close` saves and stops it:
 * a second one made afterwards plays the page after a reload.
 */
export async function persistedStore(services: TestServices = createTestServices()) {
  const store = makeStore(services);
  const persistor = persistStore(store);
  await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
  return {
    store,
    services,
    async close() {
      await persistor.flush();
      store.dispose();
      persistor.pause();
    },
  };
}
