import type { RootState } from '../rootReducer';
import type { Services } from '../../store/services';
import { withPropertyCore } from '../../features/property/propertyCoreSlice';
import { makeStore, type AppStore } from '../store';
import type { IndexedParts, IndexedStore } from './indexedStore';
import { startSavingIndexed } from './indexedSaver';
import { readIndexedParts } from './readIndexedParts';
import { LEGACY_KEY, loadStoredState, storageKey } from './loadStoredState';
import { startSavingState } from './stateSaver';

export interface PersistedStore<S extends Services> {
  store: AppStore;
  services: S;
  /** Writes everything not yet stored; true when nothing but what the back end sends again is left unstored. */
  flush(): Promise<boolean>;
}

/** The database opened and read before the store is made; null where the kiosk keeps everything in `localStorage`. */
export interface OpenedDatabase {
  store: IndexedStore;
  parts: IndexedParts;
}

/** The parts that live in the database when there is one. */
const LARGE_PARTS = ['accessQueue', 'property'] as const;

/**
 * The store on what the panel stored, saving every change from then on.
 * Builds the services with a way to read the state (the API token), and
 * sends what had to be reset to the back-end log. Call once this page holds
 * the kiosk lock; `store.dispose()` also stops the saving.
 */
export function openPersistedStore<S extends Services>(
  storage: Storage,
  makeServices: (getState: () => RootState) => S,
  database: OpenedDatabase | null = null,
): PersistedStore<S> {
  const stored = loadStoredState(storage);
  const large = database ? readIndexedParts(database.parts, stored.state) : null;
  if (large) {
    stored.state.accessQueue = large.accessQueue;
    stored.state.property = large.property;
    stored.problems.push(...large.problems);
  }
  Object.assign(stored.state, withPropertyCore(stored.state.property, stored.state.propertyCore));
  let store: AppStore | null = null;
  const services = makeServices(() => (store as AppStore).getState());
  const made = makeStore(services, stored.state);
  store = made;
  const log = services.logger.child('stored-state').error;
  const local = startSavingState(made, {
    storage,
    log,
    clean: stored.clean,
    // With a database, the legacy item goes once the database holds its queue too (below).
    legacy: stored.legacy && !large,
    skip: large ? LARGE_PARTS : [],
  });
  const indexed =
    database && large
      ? startSavingIndexed(made, {
          indexed: database.store,
          keys: large.keys,
          stored: large.storedQueue,
          unreadable: large.unreadable,
          storedProperty: large.propertyClean ? made.getState().property : undefined,
          log,
          // The copies in `localStorage` (a kiosk before the database) go once the database holds them.
          onAllWritten: () => {
            if (stored.legacy && local.flush()) storage.removeItem(LEGACY_KEY);
            for (const part of LARGE_PARTS) storage.removeItem(storageKey(part));
          },
        })
      : null;
  if (stored.problems.length > 0) log('Stored state could not all be read back; those parts were reset', stored.problems);
  const dispose = made.dispose;
  made.dispose = () => {
    dispose();
    local.stop();
    void (indexed?.stop() ?? Promise.resolve()).then(() => database?.store.close());
  };
  return { store: made, services, flush: async () => local.flush() && (indexed ? await indexed.flush() : true) };
}
