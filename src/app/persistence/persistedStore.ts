import type { RootState } from '../../store/rootState';
import type { Services } from '../../store/services';
import { storedQueueRead } from '../../features/access-queue/accessQueueSlice';
import { storedCoreRead, withPropertyCore } from '../../features/property/propertyCoreSlice';
import { storedPropertyRead } from '../../features/property/propertySlice';
import { makeStore, type AppStore, type Listen } from '../store';
import type { IndexedParts } from './indexedParts';
import type { IndexedStore } from './indexedStore';
import { readIndexedQueue, type StoredQueue } from './readIndexedQueue';
import type { StoredProperty } from './readStoredProperty';
import { loadStoredState, type StoredState } from './loadStoredState';
import { startSaving, type Saver } from './saver';
import type { Logger } from '../../services/api/remoteLogger';
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
 * property data: they join the store when it has been read (`ready`), the
 * property data read by a chunk loaded then (`localStorage`'s where there is
 * no database), and saving starts then. Until then the property data is the
 * core's (no directory, as after a storage too full to keep it) and a
 * request queued meanwhile comes after the stored ones. A reader that cannot
 * be fetched is logged, and the stored data is left as it is until a load
 * brings the property again. The listeners of `later`, when
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
  // The property data is read once the first screen is shown: until then, the core's.
  Object.assign(stored.state, withPropertyCore(undefined, stored.state.propertyCore));
  let store: AppStore | null = null;
  const services = makeServices(() => (store as AppStore).getState());
  const made = makeStore(services, stored.state, later instanceof Promise ? [] : later);
  store = made;
  const started = made.getState();
  const logger = services.logger.child('stored-state');
  let saving: Saver | null = null;
  let disposed = false;

  /** The database's parts and the property data joined to the store, then saving started. */
  const join = async (found: DatabaseRead) => {
    if (found && 'unread' in found) logger.error('The database could not be read; this page keeps everything in localStorage', found.unread);
    const opened = found && 'store' in found ? found : null;
    if (disposed) return opened?.store.close();
    const queue = opened ? readIndexedQueue(opened.parts, local) : null;
    const property = await readPropertyAfterStart(opened?.parts.parts ?? null, storage, logger.error);
    if (disposed) return opened?.store.close();
    const now = made.getState();
    if (queue) made.dispatch(storedQueueRead([...queue.accessQueue.items, ...now.accessQueue.items.slice(started.accessQueue.items.length)]));
    const read = property === 'unread' ? undefined : property?.state;
    const { property: kept, propertyCore } = joinedProperty(read, started, now, local.propertyCore);
    if (kept) made.dispatch(storedPropertyRead(kept));
    if (propertyCore) made.dispatch(storedCoreRead(propertyCore));
    saving = startSavingStored(made, { storage, logger, stored, started, queue, property, opened });
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
 * The stored property part, read once the first screen is shown by a chunk of
 * its own (`readStoredProperty.ts`, with the answer's schemas), fetched once
 * more if the first fetch fails. `unread` when it cannot be fetched: the
 * kiosk goes on with the property core, and the next load brings the data.
 */
async function readPropertyAfterStart(parts: Record<string, unknown> | null, storage: Storage, log: (message: string, meta?: unknown) => void): Promise<StoredProperty | null | 'unread'> {
  const reader = () => import('./readStoredProperty');
  try {
    const { readStoredProperty } = await reader().catch(reader);
    return await readStoredProperty(parts, storage);
  } catch (error) {
    log('The stored property data could not be read; the next load brings it', error);
    return 'unread';
  }
}

/**
 * The property once its stored data joins the store: the stored data (and
 * the core made from it, for a kiosk that stored none), unless data came
 * meanwhile.
 */
function joinedProperty(read: RootState['property'] | undefined, started: RootState, now: RootState, storedCore: RootState['propertyCore'] | undefined) {
  const keepsStarted = now.property === started.property && read !== undefined;
  const withCore = keepsStarted ? withPropertyCore(read, storedCore) : {};
  return {
    property: withCore.property,
    propertyCore: now.propertyCore === started.propertyCore && withCore.propertyCore !== storedCore ? withCore.propertyCore : undefined,
  };
}

interface Read {
  stored: StoredState;
  started: RootState;
  queue: StoredQueue | null;
  property: StoredProperty | null | 'unread';
}

/**
 * Each part as stored, as read back: those read back clean as the page
 * started with them (a change since is still to be written), the database's
 * queue as it holds it, the property data as read when it read back clean
 * where the saver keeps it, and whatever the store holds when it could not be
 * read (not overwritten until it changes).
 */
function storedNow(made: AppStore, { stored, started, queue, property }: Read): Partial<Record<StoredKey, unknown>> {
  const written: Partial<Record<StoredKey, unknown>> = {};
  for (const key of stored.clean) written[key] = started[key];
  if (property === 'unread') written.property = made.getState().property;
  else if (property?.clean) written.property = property.state;
  return queue ? { ...written, accessQueue: { items: queue.storedQueue } } : written;
}

function startSavingStored(
  made: AppStore,
  { storage, logger, opened, ...read }: Read & { storage: Storage; logger: Logger; opened: OpenedDatabase | null },
): Saver {
  const { stored, queue, property } = read;
  const database = opened && queue ? { indexed: opened.store, keys: queue.keys, unreadable: queue.unreadable } : null;
  const saver = startSaving(made, { storage, database, logger, stored: storedNow(made, read) });
  const problems = [...stored.problems, ...(queue?.problems ?? []), ...(property && property !== 'unread' ? property.problems : [])];
  if (problems.length > 0) logger.error('Stored state could not all be read back; those parts were reset', problems);
  return {
    flush: saver.flush,
    stop: () => saver.stop().then(() => opened?.store.close()),
  };
}
