import { isRecord } from '../../services/json';
import { excerpt, type StoredPart } from '../../store/storedPart';
import { propertyAgeSlice, type PropertyAgeState } from './propertyAgeSlice';

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Version 2 kept the load time alone: the age counts from it on the wall clock, as it did. */
function withAge(old: unknown): unknown {
  if (!isRecord(old) || !isTime(old.loadedAt)) return old;
  return { loadedAt: old.loadedAt, age: { elapsed: 0, wallAt: old.loadedAt } };
}

/** When the property data was last loaded, and its age, as stored (docs/stored-state.md). Kept when storage is full: it is a few bytes. */
export const propertyAgeStored: StoredPart<PropertyAgeState, 'propertyAge'> = {
  key: propertyAgeSlice.reducerPath,
  version: 3,
  migrations: { 3: withAge },
  where: 'localStorage',
  read(stored) {
    const { loadedAt, age } = isRecord(stored) ? stored : { loadedAt: undefined, age: undefined };
    if (isTime(loadedAt) && isRecord(age) && isTime(age.elapsed) && age.elapsed >= 0 && isTime(age.wallAt)) {
      return { state: { loadedAt, age: { elapsed: age.elapsed, wallAt: age.wallAt, monoAt: null } }, problems: [] };
    }
    return { state: { loadedAt: null, age: null }, problems: loadedAt === null ? [] : [`propertyAge: no load time (${excerpt(stored)})`] };
  },
};
