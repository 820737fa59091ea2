import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Build-time limits (VITE_CODE_LOCK_*): `attempts` refused codes within `windowMs` lock entry for `lockMs`; 0 turns the lock off. */
export interface CodeLockSettings {
  attempts: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Refused typed or scanned codes, and the lock they caused. Persisted: each
 * refusal ends in a page reload (the notification's), and the lock must
 * outlast one. Times are epoch ms from the panel's clock.
 */
export interface CodeLockState {
  /** When each recent refusal happened, oldest first. */
  refusedAt: number[];
  /** The lock in force, if any: from `since` until `until`. */
  lock: { since: number; until: number } | null;
}

const initialState: CodeLockState = { refusedAt: [], lock: null };

/** Whether code entry is locked at `now`. A clock set back before the lock began ends it rather than stretching it. */
export function isCodeEntryLocked(state: CodeLockState, now: number): boolean {
  return state.lock !== null && state.lock.since <= now && now < state.lock.until;
}

/** Whole seconds until the lock ends (0 when there is none), for the countdown. */
export function lockSecondsLeft(state: CodeLockState, now: number): number {
  return isCodeEntryLocked(state, now) && state.lock ? Math.ceil((state.lock.until - now) / 1000) : 0;
}

export const codeLockSlice = createSlice({
  name: 'codeLock',
  initialState,
  reducers: {
    /** A typed or scanned code was refused at `at`: the lock starts when it is the `attempts`-th within the window. */
    enteredCodeRefused(state, { payload: { at, settings } }: PayloadAction<{ at: number; settings: CodeLockSettings }>) {
      const { attempts, windowMs, lockMs } = settings;
      if (attempts === 0 || lockMs === 0) return;
      // Stored state may be from an older build or damaged: anything that is not a list of times starts afresh.
      const earlier = Array.isArray(state.refusedAt) ? state.refusedAt.filter((time) => typeof time === 'number') : [];
      const recent = [...earlier.filter((time) => time <= at && at - time < windowMs), at];
      if (recent.length >= attempts) {
        state.lock = { since: at, until: at + lockMs };
        state.refusedAt = [];
      } else {
        state.refusedAt = recent;
      }
    },
    /** A typed or scanned code opened the gate: whoever was fumbling got it right. */
    enteredCodeGranted(state) {
      state.refusedAt = [];
    },
    codeLockEnded(state) {
      state.lock = null;
    },
  },
  selectors: {
    selectCodeLock: (state) => state,
  },
});

export const { enteredCodeRefused, enteredCodeGranted, codeLockEnded } = codeLockSlice.actions;
export const { selectCodeLock } = codeLockSlice.selectors;
