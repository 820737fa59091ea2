import * as v from 'valibot';
import { excerpt, fieldsOf, STORE_VERSION, unchanged, type StoredPart } from '../../store/storedPart';
import { codeLockSlice, type CodeLockState } from './codeLockSlice';

const time = v.pipe(v.number(), v.finite());
const lockSpan = v.pipe(
  v.object({ since: time, until: time }),
  v.check(({ since, until }) => since <= until, 'ends before it starts'),
);

/** The code-guessing lock: refusal times and the lock in force; anything unreadable starts the count afresh (logged). */
export const codeLockStored: StoredPart<CodeLockState, 'codeLock'> = {
  key: codeLockSlice.reducerPath,
  version: STORE_VERSION,
  migrations: { 2: unchanged },
  read(stored) {
    const { raw, problems } = fieldsOf('codeLock', stored);
    const refusedAt = Array.isArray(raw.refusedAt) ? raw.refusedAt.filter((at): at is number => v.is(time, at)) : [];
    if (Array.isArray(raw.refusedAt) ? refusedAt.length !== raw.refusedAt.length : raw.refusedAt !== undefined) {
      problems.push(`codeLock.refusedAt: ${excerpt(raw.refusedAt)}`);
    }
    const lock = raw.lock == null ? null : v.is(lockSpan, raw.lock) ? { since: raw.lock.since, until: raw.lock.until } : null;
    if (raw.lock != null && lock === null) problems.push(`codeLock.lock: ${excerpt(raw.lock)}`);
    return { state: { refusedAt, lock }, problems };
  },
};
