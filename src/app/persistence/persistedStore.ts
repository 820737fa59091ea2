import type { RootState } from '../rootReducer';
import type { Services } from '../../store/services';
import { makeStore, type AppStore } from '../store';
import { loadStoredState } from './loadStoredState';
import { startSavingState, type StateSaver } from './stateSaver';

export interface PersistedStore<S extends Services> {
  store: AppStore;
  services: S;
  saver: StateSaver;
}

/**
 * The store on what the panel stored, saving every change from then on.
 * Builds the services with a way to read the state (the API token), and
 * sends what had to be reset to the back-end log. Call once this page holds
 * the kiosk lock; `store.dispose()` also stops the saving.
 */
export function openPersistedStore<S extends Services>(storage: Storage, makeServices: (getState: () => RootState) => S): PersistedStore<S> {
  const stored = loadStoredState(storage);
  let store: AppStore | null = null;
  const services = makeServices(() => (store as AppStore).getState());
  const made = makeStore(services, stored.state);
  store = made;
  const log = services.logger.child('stored-state').error;
  const saver = startSavingState(made, { storage, log, clean: stored.clean, legacy: stored.legacy });
  if (stored.problems.length > 0) log('Stored state could not all be read back; those parts were reset', stored.problems);
  const dispose = made.dispose;
  made.dispose = () => {
    dispose();
    saver.stop();
  };
  return { store: made, services, saver };
}
