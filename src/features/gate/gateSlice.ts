import { createSlice } from '@reduxjs/toolkit';

/** Gate signals still on their way to the panel: a reload waits for them. Never persisted. */
export interface GateState {
  openingsInFlight: number;
}

const initialState: GateState = { openingsInFlight: 0 };

export const gateSlice = createSlice({
  name: 'gate',
  initialState,
  reducers: {
    gateOpeningStarted(state) {
      state.openingsInFlight += 1;
    },
    gateOpeningEnded(state) {
      state.openingsInFlight = Math.max(0, state.openingsInFlight - 1);
    },
  },
  selectors: {
    selectGateOpeningsInFlight: (state) => state.openingsInFlight,
  },
});

export const { gateOpeningStarted, gateOpeningEnded } = gateSlice.actions;
export const { selectGateOpeningsInFlight } = gateSlice.selectors;
