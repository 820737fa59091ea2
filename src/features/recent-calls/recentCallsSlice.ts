import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A resident id, or 'manager'. */
export type CallTarget = string;

/** More recent calls than this to one target and the next call is refused. */
export const RECENT_CALL_LIMIT = 10;
export const RECENT_CALL_WINDOW_MS = { production: 3600000, development: 10000 } as const;

/**
 * Recent calls per target, kept as the times each one stops counting, so the
 * count goes down on time even across the kiosk's reloads.
 */
export interface RecentCallsState {
  expiries: Record<CallTarget, number[]>;
}

const initialState: RecentCallsState = { expiries: {} };

export const recentCallsSlice = createSlice({
  name: 'recentCalls',
  initialState,
  reducers: {
    callCounted(state, { payload }: PayloadAction<{ target: CallTarget; expiresAt: number }>) {
      (state.expiries[payload.target] ??= []).push(payload.expiresAt);
    },
    /** Drops calls whose time is up; a target with none left disappears (the count never goes below 0). */
    recentCallsExpired(state, { payload: now }: PayloadAction<number>) {
      for (const [target, times] of Object.entries(state.expiries)) {
        const left = times.filter((time) => time > now);
        if (left.length > 0) state.expiries[target] = left;
        else delete state.expiries[target];
      }
    },
  },
  selectors: {
    selectRecentCallCount: (state, target: CallTarget) => state.expiries[target]?.length ?? 0,
    selectNextCallExpiry: (state) => Math.min(...Object.values(state.expiries).flat()),
  },
});

export const { callCounted, recentCallsExpired } = recentCallsSlice.actions;
export const { selectRecentCallCount, selectNextCallExpiry } = recentCallsSlice.selectors;

export const isCallThrottled = (count: number): boolean => count > RECENT_CALL_LIMIT;
