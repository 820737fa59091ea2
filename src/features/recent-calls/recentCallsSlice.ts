import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isRecord } from '../../services/json';

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
    selectRecentCallCount: (state, target: CallTarget) => {
      const times: unknown = isRecord(state.expiries) ? state.expiries[target] : undefined;
      return Array.isArray(times) ? times.length : 0;
    },
    /** The earliest time a call stops counting; Infinity when none counts. */
    selectNextCallExpiry: (state) =>
      Object.values(isRecord(state.expiries) ? state.expiries : {})
        .flatMap((times: unknown) => (Array.isArray(times) ? times : []))
        .reduce((soonest: number, time: unknown) => (typeof time === 'number' && time < soonest ? time : soonest), Infinity),
  },
});

export const { callCounted, recentCallsExpired } = recentCallsSlice.actions;
export const { selectRecentCallCount, selectNextCallExpiry } = recentCallsSlice.selectors;

export const isCallThrottled = (count: number): boolean => count > RECENT_CALL_LIMIT;

declare module '../../store/rootState' {
  interface RootState {
    recentCalls: ReturnType<typeof recentCallsSlice.reducer>;
  }
}
