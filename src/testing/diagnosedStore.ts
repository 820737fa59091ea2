import { onTestFinished, vi } from 'vitest';
import { appStarted } from '../store/actions';
import { createTestServices } from './fakeServices';
import { storeWithProperty } from './renderKiosk';

/** A started kiosk whose fault watchers (loaded after the first screen) are running; needs fake timers. */
export async function diagnosedStore(services = createTestServices()) {
  const store = storeWithProperty(services);
  store.dispatch(appStarted());
  onTestFinished(() => store.dispose());
  await vi.advanceTimersByTimeAsync(0);
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
  return { store, services };
}
