import type { UnknownAction } from '@reduxjs/toolkit';
import { storedStateUnwritten, storedStateWritten } from '../../store/actions';
import type { RootState } from '../rootReducer';
import { LEGACY_KEY } from './loadStoredState';
import { storageKey } from './storageKey';
import { REFETCHABLE, STORED_PARTS, type StoredKey } from './storedParts';

/** How soon a part that could not be written (storage full, say) is tried again. */
export const SAVE_RETRY_MS = 5000;

/** Keeps the stored parts up to date with the store; started once the kiosk holds its lock. */
export interface StateSaver {
  /** Writes every part not yet stored, failing ones included; true when all but refetchable parts are stored. */
  flush(): boolean;
  /** Stops saving (the store is going away). */
  stop(): void;
}

interface Options {
  storage: Pick<Storage, 'setItem' | 'removeItem'>;
  log: (message: string, meta?: unknown) => void;
  /** Parts read back exactly as they are: nothing to write for them yet. */
  clean?: readonly StoredKey[];
  /** The state the clean parts were read into (the store's state now by default). */
  initial?: RootState;
  /** The legacy item is still there: removed once every part is written. */
  legacy?: boolean;
  /** Parts kept elsewhere (the database): never written here. */
  skip?: readonly StoredKey[];
  retryMs?: number;
}

interface Store {
  getState(): RootState;
  subscribe(listener: () => void): () => void;
  dispatch(action: UnknownAction): unknown;
}

const PARTS = Object.keys(STORED_PARTS) as StoredKey[];
const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
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
 * Writes each part to its own item as soon as it changes, most precious
 * first. A write that fails is logged once, kept pending and tried again
 * every 5 s (the state stays in memory meanwhile, and `flush` reports it so a
 * reload can wait); when storage is full, refetchable parts are removed from
 * it to make room for the others. A part the back end cannot send again that
 * fails raises the `storage` fault (storedStateUnwritten), cleared once it is written.
 */
export function startSavingState(store: Store, { storage, log, clean = [], initial = store.getState(), legacy = false, skip = [], retryMs = SAVE_RETRY_MS }: Options): StateSaver {
  const written: Partial<Record<StoredKey, unknown>> = {};
  /** Failed attempts in the current streak of each failing part. */
  const failures = new Map<StoredKey, number>();
  /** How many records of each failing part the storage fault last named. */
  const heldInFault = new Map<StoredKey, number>();
  /** Refetchable parts removed to make room: not written again until the next page. */
  const givenUp = new Set<StoredKey>();
  let legacyLeft = legacy;
  let timer: ReturnType<typeof setTimeout> | null = null;
  for (const key of clean) written[key] = initial[key];

  const pending = (state: RootState) => PARTS.filter((key) => !givenUp.has(key) && !skip.includes(key) && written[key] !== state[key]);

  function makeRoom(): boolean {
    const removable = REFETCHABLE.filter((key) => !givenUp.has(key) && !skip.includes(key));
    removable.forEach((key) => {
      givenUp.add(key);
      failures.delete(key);
      storage.removeItem(storageKey(key));
    });
    if (removable.length > 0) log('Storage full: removed stored parts the back end sends again', { removed: removable });
    return removable.length > 0;
  }

  function write(key: StoredKey, value: unknown): void {
    try {
      storage.setItem(storageKey(key), JSON.stringify({ version: STORED_PARTS[key].version, state: value }));
    } catch (error) {
      if (REFETCHABLE.includes(key) || !makeRoom()) throw error;
      storage.setItem(storageKey(key), JSON.stringify({ version: STORED_PARTS[key].version, state: value }));
    }
  }

  function save(retrying: boolean): boolean {
    const state = store.getState();
    for (const key of pending(state)) {
      // A failing part waits for its retry, rather than being tried on every change.
      if (failures.has(key) && !retrying) continue;
      try {
        write(key, state[key]);
        written[key] = state[key];
        const failed = failures.get(key);
        failures.delete(key);
        heldInFault.delete(key);
        if (failed !== undefined) {
          log('Stored state written again', { part: key, failedAttempts: failed });
          if (raisesFault(key) && ![...failures.keys()].some(raisesFault)) store.dispatch(storedStateWritten({ at: Date.now() }));
        }
      } catch (error) {
        const failed = failures.get(key) ?? 0;
        // Counted first: the fault's dispatch runs this saver again, which must see the part as failing.
        failures.set(key, failed + 1);
        if (failed === 0) log('Stored state could not be written; kept in memory and retried', { part: key, error: describe(error) });
        // The fault says how many records are held in memory: raised at the first failure, told again when that grows.
        const held = recordsIn(state[key]);
        if (raisesFault(key) && heldInFault.get(key) !== held) {
          heldInFault.set(key, held);
          store.dispatch(storedStateUnwritten({ part: key, held, error: describe(error), at: Date.now() }));
        }
      }
    }
    const left = pending(state);
    const kept = left.every((key) => REFETCHABLE.includes(key));
    if (kept && legacyLeft) {
      legacyLeft = false;
      storage.removeItem(LEGACY_KEY);
    }
    if (left.length > 0 && timer === null) {
      timer = setTimeout(() => {
        timer = null;
        save(true);
      }, retryMs);
    }
    return kept;
  }

  const unsubscribe = store.subscribe(() => void save(false));
  save(true);
  return {
    flush: () => save(true),
    stop() {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
