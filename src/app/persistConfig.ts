import { createMigrate, type PersistConfig, type PersistedState } from 'redux-persist';
import { kioskStorage } from './kioskStorage';
import { TRANSIENT_KEYS, type RootState } from './rootReducer';

/** Bump with a migration whenever the persisted shape changes. */
export const PERSIST_VERSION = 1;

const migrations = {
  1: (state: PersistedState) => state,
};

export const persistConfig: PersistConfig<RootState> = {
  key: 'gate-kiosk',
  version: PERSIST_VERSION,
  storage: kioskStorage,
  blacklist: TRANSIENT_KEYS,
  migrate: createMigrate(migrations),
  // Write at once: an access record must reach storage before a crash or reload.
  throttle: 0,
};
