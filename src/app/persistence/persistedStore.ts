import type { RootState } from '../../store/rootState';
import type { Services } from '../../store/services';
import { storedQueueRead } from '../../features/access-queue/accessQueueSlice';
import { storedCoreRead, withPropertyCore } from '../../features/property/propertyCoreSlice';
import { storedPropertyRead } from '../../features/property/propertySlice';
import { makeStore, type AppStore, type Listen } from '../store';
import type { IndexedParts } from './indexedParts';
import type { IndexedStore } from './indexedStore';
import { readIndexedParts, type LargeParts } from './readIndexedParts';
import { loadStoredState, type StoredState } from './loadStoredState';
import { startSaving, type Saver } from './saver';
import type { StoredKey } from './storedParts';

export interface PersistedStore<S extends Services> {
  store: AppStore;
  services: S;
  /** Writes everything not yet stored, the work still waiting for a frame done first; true when nothing but what the back end sends again is left unstored. */
  flush(): Promise<boolean>;
  /** Resolves once the database's parts are in the store and every part is being saved. */
  ready: Promise<void>;
}

/** The database opened and read before the store is made; null where the kiosk keeps everything in `localStorage`. */
export interface OpenedDatabase {
  store: IndexedStore;
  parts: IndexedParts;
}

/** The database as the page found it: read, none, or there and not read (why): this page then keeps everything in `localStorage`. */
export type DatabaseRead = OpenedDatabase | { unread: string } | null;

/**
 * The store on what the panel stored, saving every change from then on.
 * Builds the services with a way to read the state (the API token), and
 * sends what had to be reset to the back-end log. Call once this page holds
 * the kiosk lock; `store.dispose()` also stops the saving.
 *
 * The store is made at once from `localStorage`, where the small parts are:
 * the session, and the property core that home, code entry and the gate work
 * from. The database (`database`, still being read) holds the queue and the
 * property data: they join the store when it has been read (`ready`), and
 * saving starts then. Until then the property data is the core's (no
 * directory, as after a storage too full to keep it) and a request queued
 * meanwhile comes after the stored ones. The listeners of `later`, when
 * still loading, join the store before the database's parts do; ones that
 * cannot be loaded are logged, and the kiosk goes on with the first screen's.
 */
export function openPersistedStore<S extends Services>(
  storage: Storage,
  makeServices: (getState: () => RootState) => S,
  database: DatabaseRead | Promise<DatabaseRead> = null,
  later: readonly Listen[] | Promise<readonly Listen[]> = [],
): PersistedStore<S> {
  const stored = loadStoredState(storage);
  const local = { ...stored.state };
  Object.assign(stored.state, withPropertyCore(stored.state.property, stored.state.propertyCore));
  let store: AppStore | null = null;
  const services = makeServices(() => (store as AppStore).getState());
  const made = makeStore(services, stored.state, later instanceof Promise ? [] : later);
  store = made;
  const started = made.getState();
  const log = services.logger.child('stored-state').error;
  let saving: Saver | null = null;
  let disposed = false;

  /** The database's parts joined to the store, then saving started. */
  const join = async (found: DatabaseRead) => {
    if (found && 'unread' in found) log('The database could not be read; this page keeps everything in localStorage', found.unread);
    const opened = found && 'store' in found ? found : null;
    if (disposed) return opened?.store.close();
    const large = opened ? await readIndexedParts(opened.parts, local) : null;
    if (disposed) return opened?.store.close();
    if (large) {
      const { accessQueue, property, propertyCore } = joined(large, started, made.getState(), local.propertyCore);
      made.dispatch(storedQueueRead(accessQueue));
      if (property) made.dispatch(storedPropertyRead(property));
      if (propertyCore) made.dispatch(storedCoreRead(propertyCore));
    }
    saving = startSavingStored(made, { storage, log, stored, started, large, opened });
  };
  // Listeners loaded later join before the database's parts: none misses what their joining dispatches.
  const joinLater = (read: Promise<readonly Listen[]>) =>
    read.then(made.join, (error: unknown) => services.logger.child('app').error('The workflows after the first screen could not be loaded', error));
  const found = later instanceof Promise ? Promise.all([database, joinLater(later)]).then(([read]) => read) : database;
  const ready = found instanceof Promise ? found.then(join) : join(found);

  const dispose = made.dispose;
  made.dispose = () => {
    disposed = true;
    dispose();
    void saving?.stop();
  };
  return {
    store: made,
    services,
    ready: ready.then(() => undefined),
    flush: async () => {
      // Work waiting for a frame may still queue something to store (a code's access request).
      services.afterPaint.flush();
      await ready;
      return saving ? saving.flush() : false;
    },
  };
}

/**
 * What the store holds once the database's parts join it: the stored queue,
 * then what was queued since the page started; the stored property data (and
 * the core made from it, for a kiosk that stored none) unless data came meanwhile.
 */
function joined(large: LargeParts, started: RootState, now: RootState, storedCore: RootState['propertyCore'] | undefined) {
  const queuedSince = now.accessQueue.items.slice(started.accessQueue.items.length);
  const keepsStarted = now.property === started.property && large.property !== undefined;
  const withCore = keepsStarted ? withPropertyCore(large.property, storedCore) : {};
  return {
    accessQueue: [...large.accessQueue.items, ...queuedSince],
    property: withCore.property,
    propertyCore: now.propertyCore === started.propertyCore && withCore.propertyCore !== storedCore ? withCore.propertyCore : undefined,
  };
}

/** Each part as stored, as read back: those read back clean as the page started with them (a change since is still to be written), the database's as it holds them. */
function storedNow(made: AppStore, stored: StoredState, started: RootState, large: LargeParts | null): Partial<Record<StoredKey, unknown>> {
  const written: Partial<Record<StoredKey, unknown>> = {};
  for (const key of stored.clean) written[key] = started[key];
  if (!large) return written;
  delete written.property;
  if (large.propertyClean) written.property = made.getState().property;
  return { ...written, accessQueue: { items: large.storedQueue } };
}

function startSavingStored(
  made: AppStore,
  { storage, log, stored, started, large, opened }: { storage: Storage; log: (message: string, meta?: unknown) => void; stored: StoredState; started: RootState; large: LargeParts | null; opened: OpenedDatabase | null },
): Saver {
  const database = opened && large ? { indexed: opened.store, keys: large.keys, unreadable: large.unreadable } : null;
  const saver = startSaving(made, { storage, database, log, stored: storedNow(made, stored, started, large) });
  const problems = [...stored.problems, ...(large?.problems ?? [])];
  if (problems.length > 0) log('Stored state could not all be read back; those parts were reset', problems);
  return {
    flush: saver.flush,
    stop: () => saver.stop().then(() => opened?.store.close()),
  };
}
