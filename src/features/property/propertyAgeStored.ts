import { isRecord } from '../../services/json';
import { excerpt, STORE_VERSION, unchanged, type StoredPart } from '../../store/storedPart';
import { propertyAgeSlice, type PropertyAgeState } from './propertyAgeSlice';

/** When the property data was last loaded, as stored (docs/stored-state.md). Kept when storage is full: it is a few bytes. */
export const propertyAgeStored: StoredPart<PropertyAgeState, 'propertyAge'> = {
  key: propertyAgeSlice.reducerPath,
  version: STORE_VERSION,
  migrations: { 2: unchanged },
  read(stored) {
    const loadedAt = isRecord(stored) ? stored.loadedAt : undefined;
    if (typeof loadedAt === 'number' && Number.isFinite(loadedAt)) return { state: { loadedAt }, problems: [] };
    return { state: { loadedAt: null }, problems: loadedAt === null ? [] : [`propertyAge: no load time (${excerpt(stored)})`] };
  },
};
