import { isRecord } from '../../services/json';
import { excerpt, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { featureFlagsSlice, parseFeatureFlags, type FeatureFlagsState } from './featureFlagsSlice';

/** The feature flags, as stored (docs/stored-state.md); the back end sends them again. */
export const featureFlagsStored: StoredPart<FeatureFlagsState, 'featureFlags'> = {
  key: featureFlagsSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'localStorage',
  refetchable: true,
  read: (stored) => ({ state: parseFeatureFlags(stored), problems: isRecord(stored) ? [] : [`featureFlags: not an object (${excerpt(stored)})`] }),
};
