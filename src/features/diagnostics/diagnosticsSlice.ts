import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isRecord } from '../../services/json';
import { storedStateUnwritten, storedStateWritten } from '../../store/actions';

/** What the panel checks about itself (docs/self-diagnosis.md). */
export const FAULT_KINDS = ['hardware-socket', 'local-network-access', 'gate-signal', 'camera', 'access-backlog', 'property-load', 'card-flood', 'storage'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** One episode of a fault: from when it was first seen until it cleared. Times are epoch ms. */
export interface Fault {
  kind: FaultKind;
  since: number;
  /** What was seen, in a few words; text from outside is scrubbed of codes first (scrubDetail). */
  detail: string;
  clearedAt: number | null;
  /** The back end has its log line for this episode. */
  reported: boolean;
}

export interface DiagnosticsState {
  /** The latest episode of each kind. */
  faults: Fault[];
  /** When property data last loaded, and since when it has been failing (kept across reloads). */
  lastPropertyLoad: number | null;
  propertyFailingSince: number | null;
}

const initialState: DiagnosticsState = { faults: [], lastPropertyLoad: null, propertyFailingSince: null };

const DETAIL_MAX = 120;

/** Text from the panel or the browser: every run of 3 or more digits (a code, a card) blanked, and short. */
export function scrubDetail(text: string): string {
  return text.replace(/\d{3,}/g, '…').slice(0, DETAIL_MAX);
}

// Stored state from an older or broken kiosk must not crash a selector.
const faultsOf = (state: DiagnosticsState): Fault[] =>
  isRecord(state) && Array.isArray(state.faults) ? (state.faults.filter(isRecord) as unknown as Fault[]) : [];
const timeOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const isActive = (fault: Fault) => fault.clearedAt === null;

/** Seen again while active: the episode goes on (nothing new to report). */
function raise(state: DiagnosticsState, payload: { kind: FaultKind; detail: string; at: number }): void {
  const detail = payload.detail.slice(0, DETAIL_MAX);
  const current = faultsOf(state).find((fault) => fault.kind === payload.kind);
  if (current && isActive(current)) {
    current.detail = detail;
    return;
  }
  state.faults = [
    { kind: payload.kind, since: payload.at, detail, clearedAt: null, reported: false },
    ...faultsOf(state).filter((fault) => fault.kind !== payload.kind),
  ];
}

function clear(state: DiagnosticsState, payload: { kind: FaultKind; at: number }): void {
  const current = faultsOf(state).find((fault) => fault.kind === payload.kind);
  if (current && isActive(current)) current.clearedAt = payload.at;
}

export const diagnosticsSlice = createSlice({
  name: 'diagnostics',
  initialState,
  reducers: {
    faultRaised: (state, { payload }: PayloadAction<{ kind: FaultKind; detail: string; at: number }>) => raise(state, payload),
    faultCleared: (state, { payload }: PayloadAction<{ kind: FaultKind; at: number }>) => clear(state, payload),
    /** The back end took the log line of the episode that began at `since`. */
    faultReported(state, { payload }: PayloadAction<{ kind: FaultKind; since: number }>) {
      const current = faultsOf(state).find((fault) => fault.kind === payload.kind && fault.since === payload.since);
      if (current) current.reported = true;
    },
    propertyLoadNoted(state, { payload }: PayloadAction<{ ok: boolean; at: number }>) {
      if (payload.ok) {
        state.lastPropertyLoad = payload.at;
        state.propertyFailingSince = null;
      } else {
        state.propertyFailingSince ??= payload.at;
      }
    },
  },
  extraReducers: (builder) => {
    // Storage full: seen by the persistence at any time, before the watchers load too.
    builder
      .addCase(storedStateUnwritten, (state, { payload }) => raise(state, { kind: 'storage', detail: `${payload.part}, ${payload.held} held in memory: ${scrubDetail(payload.error)}`, at: payload.at }))
      .addCase(storedStateWritten, (state, { payload }) => clear(state, { kind: 'storage', at: payload.at }));
  },
  selectors: {
    /** Newest first. */
    // Keyed on the stored list itself: faultsOf makes a new array at every call.
    selectFaults: createSelector([(state: DiagnosticsState) => (isRecord(state) ? state.faults : null)], (faults) =>
      faultsOf({ faults } as DiagnosticsState).sort((a, b) => b.since - a.since),
    ),
    selectActiveFault: (state, kind: FaultKind) => faultsOf(state).find((fault) => fault.kind === kind && isActive(fault)) ?? null,
    selectUnreportedFaults: (state) => faultsOf(state).filter((fault) => !fault.reported),
    selectLastPropertyLoad: (state) => (isRecord(state) ? timeOf(state.lastPropertyLoad) : null),
    selectPropertyFailingSince: (state) => (isRecord(state) ? timeOf(state.propertyFailingSince) : null),
  },
});

export const { faultRaised, faultCleared, faultReported, propertyLoadNoted } = diagnosticsSlice.actions;
export const { selectFaults, selectActiveFault, selectUnreportedFaults, selectLastPropertyLoad, selectPropertyFailingSince } =
  diagnosticsSlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    diagnostics: ReturnType<typeof diagnosticsSlice.reducer>;
  }
}
