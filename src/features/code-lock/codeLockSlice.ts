import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { anchoredAt, elapsedTime, startingClock, type ClockReading, type ElapsedClock } from '../../lib/elapsedClock';

/** At most `attempts` refused codes within any `windowMs`; 0 attempts turns the budget off. */
export interface CodeLockBudget {
  attempts: number;
  windowMs: number;
}

/** Build-time limits (VITE_CODE_LOCK_*, docs/rules.md#r5-2). */
export interface CodeLockSettings {
  /** A burst (a minute's): spending it locks entry for the lock's length; it counts afresh after each lock. */
  burst: CodeLockBudget;
  /** The longer budgets (an hour's, a day's): spending one locks entry until it has room again. */
  budgets: CodeLockBudget[];
  /** The first lock's length; 0 turns the lock off. */
  lockMs: number;
  /** Each lock of the day doubles the last, up to this; 0 keeps every lock at `lockMs`. */
  maxLockMs: number;
}

/** Locks begun within this long before a new one make it longer. */
export const ESCALATION_MEMORY_MS = 24 * 3_600_000;

/**
 * Refused typed or scanned codes, the locks they caused, and the clock they
 * are timed on. Persisted: each refusal ends in a page reload (the
 * notification's), and the budgets and the lock must outlast one. Times are
 * the guess clock's (src/lib/elapsedClock.ts), which never runs backwards.
 */
export interface CodeLockState {
  clock: ElapsedClock;
  /** Refusals within the longest budget's window, oldest first. */
  refusedAt: number[];
  /** When each lock of the last day began, oldest first: the next lock's length. */
  lockedAt: number[];
  /** The lock in force, if any: from `since` until `until`; `number` counts the day's locks. */
  lock: { since: number; until: number; number: number } | null;
  /** The device record's `code_lock_cleared_at` last acted on: the back end lifts again only with a new one. */
  liftedMark: string | null;
}

/** Who lifted the lock before its time. */
export type LockLifter = 'back end' | 'installer';

const initialState: CodeLockState = { clock: startingClock, refusedAt: [], lockedAt: [], lock: null, liftedMark: null };

const allBudgets = ({ burst, budgets }: CodeLockSettings) => [burst, ...budgets].filter((budget) => budget.attempts > 0);
const isOff = (settings: CodeLockSettings) => settings.lockMs === 0 || allBudgets(settings).length === 0;
const longestWindow = (settings: CodeLockSettings) => Math.max(0, ...allBudgets(settings).map((budget) => budget.windowMs));
// Stored state may be damaged: anything that is not a list of times starts afresh.
const timesWithin = (times: unknown, now: number, windowMs: number): number[] =>
  Array.isArray(times) ? times.filter((time): time is number => typeof time === 'number' && time <= now && now - time < windowMs) : [];

/** The length of the day's `number`-th lock (1 is the first): doubling from `lockMs`, up to `maxLockMs`. */
export function lockLength({ lockMs, maxLockMs }: CodeLockSettings, number: number): number {
  if (maxLockMs <= lockMs) return lockMs;
  return Math.min(lockMs * 2 ** Math.min(number - 1, 30), maxLockMs);
}

/** Whether the day's `number`-th lock is the first or longer than the one before: the back end is told of those. */
export const isEscalation = (settings: CodeLockSettings, number: number): boolean =>
  number === 1 || lockLength(settings, number) > lockLength(settings, number - 1);

/** The guess clock's time now. */
export const codeLockTime = (state: CodeLockState, reading: ClockReading): number => elapsedTime(state.clock ?? startingClock, reading);

/** Whether code entry is locked at `reading`. */
export function isCodeEntryLocked(state: CodeLockState, reading: ClockReading): boolean {
  return state.lock != null && codeLockTime(state, reading) < state.lock.until;
}

/** Whole seconds until the lock ends (0 when there is none), for the countdown. */
export function lockSecondsLeft(state: CodeLockState, reading: ClockReading): number {
  return isCodeEntryLocked(state, reading) && state.lock ? Math.ceil((state.lock.until - codeLockTime(state, reading)) / 1000) : 0;
}

/** Whether the refusals since the last lock began spend the burst budget. */
function spendsBurst({ burst }: CodeLockSettings, refused: number[], lastLock: number, now: number): boolean {
  return burst.attempts > 0 && refused.filter((time) => time > lastLock && now - time < burst.windowMs).length >= burst.attempts;
}

/** When the longer budgets that `refused` spends let a code be tried again (null: none is spent). */
function budgetsFreeAt({ budgets }: CodeLockSettings, refused: number[], now: number): number | null {
  let freeAt: number | null = null;
  for (const { attempts, windowMs } of budgets) {
    const within = refused.filter((time) => now - time < windowMs);
    if (attempts === 0 || within.length < attempts) continue;
    // The refusal whose leaving the window makes room for one more.
    const blocking = within[within.length - attempts] ?? now;
    freeAt = Math.max(freeAt ?? now, blocking + windowMs);
  }
  return freeAt;
}

type Timed = PayloadAction<{ reading: ClockReading; settings: CodeLockSettings }>;

/** Anchors the clock at the reading and forgets what no budget or escalation needs any more; returns the time. */
function advance(state: CodeLockState, { reading, settings }: Timed['payload']): number {
  state.clock = anchoredAt(state.clock ?? startingClock, reading);
  const now = state.clock.elapsed;
  state.refusedAt = timesWithin(state.refusedAt, now, longestWindow(settings));
  state.lockedAt = timesWithin(state.lockedAt, now, ESCALATION_MEMORY_MS);
  return now;
}

export const codeLockSlice = createSlice({
  name: 'codeLock',
  initialState,
  reducers: {
    /**
     * A typed or scanned code was refused: a lock starts when it spends a
     * budget, as long as the day's locks say and at least until each spent
     * longer budget has room again. A code that opens the gate clears nothing.
     */
    enteredCodeRefused(state, { payload }: Timed) {
      const now = advance(state, payload);
      if (isOff(payload.settings) || isCodeEntryLocked(state, payload.reading)) return;
      state.refusedAt.push(now);
      const freeAt = budgetsFreeAt(payload.settings, state.refusedAt, now);
      if (freeAt === null && !spendsBurst(payload.settings, state.refusedAt, Math.max(-Infinity, ...state.lockedAt), now)) return;
      const number = state.lockedAt.length + 1;
      state.lock = { since: now, until: Math.max(now + lockLength(payload.settings, number), freeAt ?? now), number };
      state.lockedAt.push(now);
    },
    /** The page started, or time went by while something is remembered: the clock is anchored (and so stored) again. */
    codeLockClockAnchored(state, { payload }: Timed) {
      advance(state, payload);
    },
    codeLockEnded(state) {
      state.lock = null;
    },
    /** The back end (a new `code_lock_cleared_at`, its `mark`) or the installer lifted the lock: the refusals and locks so far stop counting. */
    codeLockLifted(state, { payload }: PayloadAction<{ by: LockLifter; mark?: string }>) {
      state.lock = null;
      state.refusedAt = [];
      state.lockedAt = [];
      if (payload.mark !== undefined) state.liftedMark = payload.mark;
    },
  },
  selectors: {
    selectCodeLock: (state) => state,
  },
});

export const { enteredCodeRefused, codeLockClockAnchored, codeLockEnded, codeLockLifted } = codeLockSlice.actions;
export const { selectCodeLock } = codeLockSlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    codeLock: ReturnType<typeof codeLockSlice.reducer>;
  }
}
