import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FeatureFlagsState {
  telnyx_enabled: boolean;
  [flag: string]: boolean;
}

const initialState: FeatureFlagsState = { telnyx_enabled: false };

/** Keeps only boolean flags; anything else in the answer is ignored. */
export function parseFeatureFlags(raw: unknown): FeatureFlagsState {
  const flags: FeatureFlagsState = { telnyx_enabled: false };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return flags;
  for (const [name, value] of Object.entries(raw)) if (typeof value === 'boolean') flags[name] = value;
  return flags;
}

export const featureFlagsSlice = createSlice({
  name: 'featureFlags',
  initialState,
  reducers: {
    featureFlagsLoaded: (_state, { payload }: PayloadAction<FeatureFlagsState>) => payload,
  },
  selectors: {
    selectTelnyxEnabled: (state) => state.telnyx_enabled,
  },
});

export const { featureFlagsLoaded } = featureFlagsSlice.actions;
export const { selectTelnyxEnabled } = featureFlagsSlice.selectors;
