import type { AccessRequest } from '../../features/access-queue/accessQueueSlice';
import { storedStateUnwritten, storedStateWritten } from '../../store/actions';
import { STORE_VERSION } from '../../store/storedPart';
import type { RootState } from '../rootReducer';
import type { IndexedStore } from './indexedStore';
import { SAVE_RETRY_MS } from './stateSaver';

/** Keeps the queue and the property data in the database; started once the kiosk holds its lock. */
export interface IndexedSaver {
  /** Writes what is pending; true once every queued request is stored (the property data may be given up). */
  flush(): Promise<boolean>;
  /** Stops saving; resolves once a write under way has ended (the database may then be closed). */
  stop(): Promise<void>;
}

interface Store {
  getState(): RootState;
  subscribe(listener: () => void): () => void;
  dispatch(action: { type: string }): unknown;
}

interface Options {
  indexed: IndexedStore;
  /** The record key of each request read back from the database. */
  keys: Map<AccessRequest, IDBValidKey>;
  /** The requests the database already holds, as read back: nothing to write for them. */
  stored: readonly AccessRequest[];
  /** Records to delete with the first write (they could not be read back, and were logged). */
  unreadable?: readonly IDBValidKey[];
  /** The property data as read back from the database, if it needs no writing. */
  storedProperty?: RootState['property'];
  log: (message: string, meta?: unknown) => void;
  /** Called once, when everything read from elsewhere (older `localStorage` items) is in the database. */
  onAllWritten?: () => void;
  retryMs?: number;
}

const describe = (error: unknown) => (error instanceof Error || error instanceof DOMException ? `${error.name}: ${error.message}` : String(error));

/**
 * What changed between two queues: the requests gone and the requests added.
 * The queue only ever grows at its end and loses items anywhere, so one walk
 * of both in step finds it, comparing objects, not their contents.
 */
function queueChanges(before: readonly AccessRequest[], after: readonly AccessRequest[], keys: Map<AccessRequest, IDBValidKey>) {
  const removed: AccessRequest[] = [];
  let next = 0;
  for (const item of before) {
    if (after[next] === item) next += 1;
    else if (keys.has(item)) removed.push(item);
  }
  return { removed, added: after.slice(next).filter((item) => !keys.has(item)) };
}

/**
 * Writes each change of the queue as soon as it happens (the records added,
 * the records acknowledged), one transaction at a time, and the property data
 * whenever it changes. A queue write that fails (storage full) keeps the
 * requests in memory, is logged and reported once, and is tried again every
 * 5 s; `flush` says so, and the page does not reload meanwhile. Property data
 * that cannot be written is given up until it changes: the back end sends it
 * again, and the property core keeps the gate working.
 */
export function startSavingIndexed(store: Store, options: Options): IndexedSaver {
  const { indexed, keys, log, retryMs = SAVE_RETRY_MS } = options;
  let onAllWritten = options.onAllWritten;
  let savedQueue: readonly AccessRequest[] = options.stored;
  let unreadable = options.unreadable ?? [];
  let savedProperty: unknown = options.storedProperty;
  /** Property data that could not be written: given up until it changes. */
  let failedProperty: unknown = undefined;
  /** Failed attempts in the current streak of queue writes. */
  let failures = 0;
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const queuePending = () => store.getState().accessQueue.items !== savedQueue || unreadable.length > 0;
  const propertyPending = () => ![savedProperty, failedProperty].includes(store.getState().property);

  /** True when the queue as it stands is stored. */
  async function writeQueue(): Promise<boolean> {
    const items = store.getState().accessQueue.items;
    const { removed, added } = queueChanges(savedQueue, items, keys);
    try {
      const newKeys = await indexed.updateQueue(added, [...unreadable, ...removed.map((item) => keys.get(item)!)]);
      unreadable = [];
      removed.forEach((item) => keys.delete(item));
      added.forEach((item, index) => keys.set(item, newKeys[index]!));
      savedQueue = items;
      if (failures > 0) {
        log('Stored state written again', { part: 'accessQueue', failedAttempts: failures });
        store.dispatch(storedStateWritten({ at: Date.now() }));
      }
      failures = 0;
      return true;
    } catch (error) {
      if (failures === 0) {
        log('Stored state could not be written; kept in memory and retried', { part: 'accessQueue', error: describe(error) });
        store.dispatch(storedStateUnwritten({ part: 'accessQueue', held: added.length, error: describe(error), at: Date.now() }));
      }
      failures += 1;
      return false;
    }
  }

  async function writeProperty(): Promise<void> {
    const property = store.getState().property;
    try {
      await indexed.putPart('property', { version: STORE_VERSION, state: property });
      savedProperty = property;
    } catch (error) {
      failedProperty = property;
      log('Property data could not be stored; the back end sends it again', { error: describe(error) });
    }
  }

  async function writeAll(): Promise<void> {
    let queueStored = true;
    while (!stopped && queueStored && (queuePending() || propertyPending())) {
      if (queuePending()) queueStored = await writeQueue();
      if (propertyPending()) await writeProperty();
    }
    if (!queuePending()) {
      onAllWritten?.();
      onAllWritten = undefined;
    } else if (!stopped && timer === null) {
      timer = setTimeout(() => {
        timer = null;
        void save();
      }, retryMs);
    }
  }

  function save(): Promise<void> {
    running ??= writeAll().finally(() => (running = null));
    return running;
  }

  // A failing queue waits for its retry rather than being tried on every change.
  const unsubscribe = store.subscribe(() => {
    if (failures === 0 && (queuePending() || propertyPending())) void save();
  });
  void save();
  return {
    async flush() {
      await running;
      await save();
      return !queuePending();
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
