import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** More reads than this within FLOOD_WINDOW_MS is a flood: faster than any card reader produces them. */
export const FLOOD_READS = 10;
export const FLOOD_WINDOW_MS = 1_000;
/** A flood ends once this long passes with at most FLOOD_QUIET_READS reads (a person tapping a card). */
export const FLOOD_QUIET_MS = 2_000;
export const FLOOD_QUIET_READS = 2;

/**
 * Gate signals still on their way to the panel (a reload waits for them),
 * and the reader's recent reads, on the page's monotonic clock: more than 10
 * in a second is a flood. Never persisted.
 */
export interface GateState {
  openingsInFlight: number;
  cardReadsAt: number[];
  /** When the flood in progress began, or null. */
  cardFloodSince: number | null;
}

const initialState: GateState = { openingsInFlight: 0, cardReadsAt: [], cardFloodSince: null };

const recent = (state: GateState, at: number) => state.cardReadsAt.filter((time) => time <= at && at - time < Math.max(FLOOD_WINDOW_MS, FLOOD_QUIET_MS));
const within = (times: number[], at: number, windowMs: number) => times.filter((time) => at - time < windowMs).length;

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
    /** The reader sent a read at `at`: the 11th within a second starts a flood. */
    cardReadNoted(state, { payload: at }: PayloadAction<number>) {
      state.cardReadsAt = [...recent(state, at), at];
      if (state.cardFloodSince === null && within(state.cardReadsAt, at, FLOOD_WINDOW_MS) > FLOOD_READS) state.cardFloodSince = at;
    },
    /** Looked at every second during a flood: it ends once the reads have slowed to a person's. */
    cardFloodChecked(state, { payload: at }: PayloadAction<number>) {
      state.cardReadsAt = recent(state, at);
      if (state.cardFloodSince !== null && at - state.cardFloodSince >= FLOOD_QUIET_MS && within(state.cardReadsAt, at, FLOOD_QUIET_MS) <= FLOOD_QUIET_READS) {
        state.cardFloodSince = null;
      }
    },
  },
  selectors: {
    selectGateOpeningsInFlight: (state) => state.openingsInFlight,
    selectCardFlood: (state) => state.cardFloodSince !== null,
    /** The latest read's time (the page's monotonic clock), or null. */
    selectLastCardReadAt: (state) => state.cardReadsAt[state.cardReadsAt.length - 1] ?? null,
  },
});

export const { gateOpeningStarted, gateOpeningEnded, cardReadNoted, cardFloodChecked } = gateSlice.actions;
export const { selectGateOpeningsInFlight, selectCardFlood, selectLastCardReadAt } = gateSlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    gate: ReturnType<typeof gateSlice.reducer>;
  }
}
