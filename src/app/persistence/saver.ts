import type { UnknownAction } from '@reduxjs/toolkit';
import type { AccessQueueState, AccessRequest } from '../../features/access-queue/accessQueueSlice';
import { storedStateUnwritten, storedStateWritten } from '../../store/actions';
import type { RootState } from '../../store/rootState';
import type { StoredPart } from '../../store/storedPart';
import { nextTask } from '../../lib/nextTask';
import type { Logger } from '../../services/api/remoteLogger';
import type { IndexedStore } from './indexedStore';
import { storageKey } from './storageKey';
import { REFETCHABLE, STORED_PARTS, type StoredKey } from './storedParts';

/** How soon a part that could not be written (storage full, say) is tried again. */
export const SAVE_RETRY_MS = 5000;

/** Keeps the stored parts up to date with the store; started once the kiosk holds its lock. */
export interface Saver {
  /** Writes every part not yet stored, failing ones included; true when all but refetchable parts are stored. */
  flush(): Promise<boolean>;
  /** Stops saving; resolves once a database write under way has ended (the database may then be closed). */
  stop(): Promise<void>;
}

/** The database, where the parts declared `database` live when it opened, with its queue as read back. */
export interface SaverDatabase {
  indexed: IndexedStore;
  /** The record key of each request the database holds. */
  keys: Map<AccessRequest, IDBValidKey>;
  /** Records to delete with the first write (they could not be read back, and were logged). */
  unreadable: readonly IDBValidKey[];
}

interface Store {
  getState(): RootState;
  subscribe(listener: () => void): () => void;
  dispatch(action: UnknownAction): unknown;
}

interface Options {
  storage: Pick<Storage, 'setItem' | 'removeItem'>;
  database: SaverDatabase | null;
  /** `warn` for what the saver recovered from (a part written again, room made), `error` for what stays. */
  logger: Pick<Logger, 'error' | 'warn'>;
  /** Each part already stored as it is, as read back: nothing to write for it until it changes. */
  stored: Partial<Record<StoredKey, unknown>>;
  retryMs?: number;
}

const PARTS = Object.keys(STORED_PARTS) as StoredKey[];
/** Given up until the next page: removed from `localStorage` to make room. */
const UNTIL_NEXT_PAGE = Symbol('until the next page');
const describe = (error: unknown) => (error instanceof Error || error instanceof DOMException ? `${error.name}: ${error.message}` : String(error));
/**
 * Whether a part that cannot be written is the `storage` fault: not one the
 * back end sends again, nor the faults' own record (which the fault itself
 * changes: its failure would only overwrite which part the fault names).
 */
const raisesFault = (key: StoredKey) => !REFETCHABLE.includes(key) && key !== 'diagnostics';
/** How many records a part holds: the items of a list part (the queue, notifications), else the part itself. */
const recordsIn = (value: unknown) => {
  const items = (value as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items.length : 1;
};

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
 * Walks the stored parts, most precious first, and writes each one that
 * changed where it lives: `localStorage` at once, one item a part; the
 * database one write at a time, the queue a record a request (a change
 * writes only the requests added and deletes those acknowledged). A write
 * that fails is logged once, kept pending and tried again every 5 s (the
 * state stays in memory meanwhile, and `flush` reports it so a reload can
 * wait); a part the back end cannot send again raises the `storage` fault
 * (storedStateUnwritten), cleared once every such part is written. When
 * `localStorage` is full, refetchable parts are removed to make room; a
 * refetchable part the database refuses is given up until it changes.
 */
export function startSaving(store: Store, { storage, database, logger, stored, retryMs = SAVE_RETRY_MS }: Options): Saver {
  const written = new Map(Object.entries(stored) as Array<[StoredKey, unknown]>);
  /** Failed attempts in the current streak of each failing part. */
  const failures = new Map<StoredKey, number>();
  /** How many records of each failing part the storage fault last named. */
  const heldInFault = new Map<StoredKey, number>();
  /** Parts not written again: until the next page, or until they change from the value refused. */
  const givenUp = new Map<StoredKey, unknown>();
  const inDatabase = PARTS.filter((key) => database !== null && STORED_PARTS[key].where === 'database');
  const inLocal = PARTS.filter((key) => !inDatabase.includes(key));
  let unreadable = database?.unreadable ?? [];
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let olderCopiesLeft = database !== null;

  const refused = (key: StoredKey, value: unknown) => givenUp.has(key) && [UNTIL_NEXT_PAGE, value].includes(givenUp.get(key));
  const pending = (key: StoredKey, state = store.getState()) =>
    !refused(key, state[key]) && (written.get(key) !== state[key] || (key === 'accessQueue' && unreadable.length > 0));
  const due = (key: StoredKey, retrying: boolean) => pending(key) && (retrying || !failures.has(key));

  function succeeded(key: StoredKey, value: unknown): void {
    written.set(key, value);
    const failed = failures.get(key);
    failures.delete(key);
    heldInFault.delete(key);
    if (failed === undefined) return;
    logger.warn('Stored state written again', { part: key, failedAttempts: failed });
    if (raisesFault(key) && ![...failures.keys()].some(raisesFault)) store.dispatch(storedStateWritten({ at: Date.now() }));
  }

  function failed(key: StoredKey, held: number, error: unknown): void {
    const streak = failures.get(key) ?? 0;
    // Counted first: the fault's dispatch runs this saver again, which must see the part as failing.
    failures.set(key, streak + 1);
    if (streak === 0) logger.error('Stored state could not be written; kept in memory and retried', { part: key, error: describe(error) });
    // The fault says how many records are held in memory: raised at the first failure, told again when that changes.
    if (raisesFault(key) && heldInFault.get(key) !== held) {
      heldInFault.set(key, held);
      store.dispatch(storedStateUnwritten({ part: key, held, error: describe(error), at: Date.now() }));
    }
  }

  function makeRoom(): boolean {
    const removable = REFETCHABLE.filter((key) => inLocal.includes(key) && givenUp.get(key) !== UNTIL_NEXT_PAGE);
    removable.forEach((key) => {
      givenUp.set(key, UNTIL_NEXT_PAGE);
      failures.delete(key);
      storage.removeItem(storageKey(key));
    });
    if (removable.length > 0) logger.warn('Storage full: removed stored parts the back end sends again', { removed: removable });
    return removable.length > 0;
  }

  function writeLocal(key: StoredKey, value: unknown): void {
    const { version, write } = STORED_PARTS[key] as Omit<StoredPart<unknown>, 'read'>;
    const item = JSON.stringify({ version, state: write ? write(value) : value });
    try {
      storage.setItem(storageKey(key), item);
    } catch (error) {
      if (REFETCHABLE.includes(key) || !makeRoom()) throw error;
      storage.setItem(storageKey(key), item);
    }
  }

  /** The database holds the queue, a record a request, and the property data, one record. */
  async function writeToDatabase(key: StoredKey, { indexed, keys }: SaverDatabase): Promise<void> {
    const value = store.getState()[key];
    if (key !== 'accessQueue') {
      try {
        const { version, toPieces } = STORED_PARTS[key] as Omit<StoredPart<unknown>, 'read'>;
        const split = toPieces?.(value) ?? { state: value, extra: {}, pieces: [] };
        await indexed.putPart(key, { version, state: split.state, ...split.extra, pieces: split.pieces.length }, split.pieces);
        succeeded(key, value);
      } catch (error) {
        givenUp.set(key, value);
        logger.error('Property data could not be stored; the back end sends it again', { error: describe(error) });
      }
      return;
    }
    const { items } = value as AccessQueueState;
    const { removed, added } = queueChanges((written.get(key) as AccessQueueState | undefined)?.items ?? [], items, keys);
    try {
      const newKeys = await indexed.updateQueue(added, [...unreadable, ...removed.map((item) => keys.get(item)!)]);
      unreadable = [];
      removed.forEach((item) => keys.delete(item));
      added.forEach((item, index) => keys.set(item, newKeys[index]!));
      succeeded(key, value);
    } catch (error) {
      failed(key, added.length, error);
    }
  }

  /** Writes the database's parts until none is due (a failing one waits for its retry), then drops the older copies in `localStorage`. */
  async function writeDatabase(retrying: boolean): Promise<void> {
    // In a task of its own: the change that made it (a property load at 50,000 residents) has enough to do in its own.
    await nextTask();
    let keys = inDatabase.filter((key) => due(key, retrying));
    while (keys.length > 0 && !stopped) {
      for (const key of keys) if (!stopped) await writeToDatabase(key, database!);
      // What changed meanwhile; a part that failed waits for its retry.
      keys = inDatabase.filter((key) => due(key, false));
    }
    if (olderCopiesLeft && !inDatabase.some((key) => pending(key))) {
      // What a kiosk before the database kept in `localStorage` goes once the database holds it.
      olderCopiesLeft = false;
      inDatabase.forEach((key) => storage.removeItem(storageKey(key)));
    }
    retryLater();
  }

  function saveDatabase(retrying: boolean): Promise<void> {
    running ??= writeDatabase(retrying).finally(() => (running = null));
    return running;
  }

  /** Writes the `localStorage` parts due; true when all but refetchable ones are stored. */
  function saveLocal(retrying: boolean): boolean {
    const state = store.getState();
    for (const key of inLocal) {
      if (!due(key, retrying)) continue;
      try {
        writeLocal(key, state[key]);
        succeeded(key, state[key]);
      } catch (error) {
        failed(key, recordsIn(state[key]), error);
      }
    }
    retryLater();
    return inLocal.every((key) => !pending(key) || REFETCHABLE.includes(key));
  }

  function retryLater(): void {
    if (stopped || timer !== null || failures.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      saveLocal(true);
      void saveDatabase(true);
    }, retryMs);
  }

  const unsubscribe = store.subscribe(() => {
    saveLocal(false);
    if (inDatabase.some((key) => due(key, false))) void saveDatabase(false);
  });
  saveLocal(true);
  void saveDatabase(true);
  return {
    async flush() {
      const kept = saveLocal(true);
      await running;
      await saveDatabase(true);
      return kept && inDatabase.every((key) => !pending(key) || REFETCHABLE.includes(key));
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
