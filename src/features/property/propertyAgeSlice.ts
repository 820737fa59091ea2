import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { anchoredAt, elapsedTime, type ClockReading, type ElapsedClock } from '../../lib/elapsedClock';
import { propertyLoaded } from './propertySlice';

/** A gap between two pages adds to the data's age whatever its length forward: a clock set forward only ages guests' codes sooner. */
const ANY_GAP = Infinity;

/**
 * How old the property data is: its age on an elapsed clock (src/lib/elapsedClock.ts)
 * that a panel clock set back does not move, so guests' codes expire offline
 * on time (docs/answers.md), and the panel's time of the load for the
 * installer. A part of its own, written at every load and every
 * AGE_TICK_MS, so that the large property data is written only when it
 * changes.
 */
export interface PropertyAgeState {
  /** Epoch ms of the last good load; null when unknown (data stored by a kiosk that did not keep it). */
  loadedAt: number | null;
  /** The data's age: `elapsed` is its age in ms at `wallAt`; null when unknown. */
  age: ElapsedClock | null;
}

/** How often the age is anchored (and stored): a clock set back during a reload loses at most this much of it. */
export const AGE_TICK_MS = 60_000;

const initialState: PropertyAgeState = { loadedAt: null, age: null };

export const propertyAgeSlice = createSlice({
  name: 'propertyAge',
  initialState,
  reducers: {
    propertyAgeAnchored(state, { payload }: PayloadAction<{ reading: ClockReading }>) {
      if (state.age) state.age = anchoredAt(state.age, payload.reading, ANY_GAP);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(propertyLoaded, (state, { payload }) => {
      state.loadedAt = payload.at;
      // Anchored on this page's clock at once (propertyAgeListeners.ts).
      state.age = { elapsed: 0, wallAt: payload.at, monoAt: null };
    });
  },
  selectors: {
    selectPropertyLoadedAt: (state) => state.loadedAt,
  },
});

export const { propertyAgeAnchored } = propertyAgeSlice.actions;
export const { selectPropertyLoadedAt } = propertyAgeSlice.selectors;

/** The data's age in ms at `reading`; null when unknown. */
export const selectPropertyAgeMs = (state: { propertyAge: PropertyAgeState }, reading: ClockReading): number | null =>
  state.propertyAge.age ? elapsedTime(state.propertyAge.age, reading, ANY_GAP) : null;

declare module '../../store/rootState' {
  interface RootState {
    propertyAge: ReturnType<typeof propertyAgeSlice.reducer>;
  }
}
