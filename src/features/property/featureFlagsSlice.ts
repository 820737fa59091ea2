import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readFlag } from '../../services/api/values';
import { isRecord } from '../../services/json';

export interface FeatureFlagsState {
  telnyx_enabled: boolean;
  [flag: string]: boolean;
}

const initialState: FeatureFlagsState = { telnyx_enabled: false };

/** Keeps only the entries that are flags; anything else in the answer is ignored. */
export function parseFeatureFlags(raw: unknown): FeatureFlagsState {
  const flags: FeatureFlagsState = { telnyx_enabled: false };
  if (!isRecord(raw)) return flags;
  for (const [name, value] of Object.entries(raw)) {
    const read = readFlag(value);
    if (read !== undefined) flags[name] = read;
  }
  return flags;
}

export const featureFlagsSlice = createSlice({
  name: 'featureFlags',
  initialState,
  reducers: {
    featureFlagsLoaded: (_state, { payload }: PayloadAction<FeatureFlagsState>) => payload,
  },
  selectors: {
    selectTelnyxEnabled: (state) => state.telnyx_enabled === true,
  },
});

export const { featureFlagsLoaded } = featureFlagsSlice.actions;
export const { selectTelnyxEnabled } = featureFlagsSlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    featureFlags: ReturnType<typeof featureFlagsSlice.reducer>;
  }
}
