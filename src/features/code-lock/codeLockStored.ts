import { isFiniteNumber } from '../../services/api/values';
import { isRecord } from '../../services/json';
import { excerpt, fieldsOf, unchanged, type StoredPart } from '../../store/storedPart';
import { codeLockSlice, type CodeLockState } from './codeLockSlice';
import { storedLock } from './storedLock';

/** The guess clock's anchor: two times. */
const readClock = (value: unknown) => (isRecord(value) && isFiniteNumber(value.elapsed) && isFiniteNumber(value.wallAt) ? { elapsed: value.elapsed, wallAt: value.wallAt, monoAt: null } : null);

/** A lock in force: from `since` to `until` (not before it), and which lock of the day it is (1 when not stored). */
function readLockSpan(value: unknown): CodeLockState['lock'] {
  if (!isRecord(value) || !isFiniteNumber(value.since) || !isFiniteNumber(value.until) || value.since > value.until) return null;
  const number = value.number ?? 1;
  return Number.isInteger(number) && (number as number) >= 1 ? { since: value.since, until: value.until, number: number as number } : null;
}

/**
 * Version 2 kept wall-clock instants (epoch ms) and no clock. They become the
 * guess clock's times by anchoring it at the wall clock of the upgrade: ages
 * and the lock's time left are kept as they were.
 */
function fromWallClock(old: unknown): unknown {
  if (!isRecord(old)) return old;
  const now = Date.now();
  const lock = isRecord(old.lock) ? { ...old.lock, number: 1 } : old.lock;
  return { clock: { elapsed: now, wallAt: now }, refusedAt: old.refusedAt, lockedAt: isRecord(old.lock) ? [old.lock.since] : [], lock };
}

/** Keeps the entries of a stored list of times that read as times, and says so when some do not. */
function timesOf(name: string, raw: unknown, problems: string[]): number[] {
  const times = Array.isArray(raw) ? raw.filter(isFiniteNumber) : [];
  if (Array.isArray(raw) ? times.length !== raw.length : raw !== undefined) problems.push(`codeLock.${name}: ${excerpt(raw)}`);
  return times;
}

/** The code-guessing lock: its clock, refusal and lock times and the lock in force; anything unreadable starts that afresh (logged). */
export const codeLockStored: StoredPart<CodeLockState, 'codeLock'> = {
  key: codeLockSlice.reducerPath,
  version: 4,
  migrations: { 3: fromWallClock, 4: unchanged },
  where: 'localStorage',
  read(stored) {
    const { raw, problems } = fieldsOf('codeLock', stored);
    const clock = readClock(raw.clock);
    if (clock === null) problems.push(`codeLock.clock: ${excerpt(raw.clock)}`);
    const refusedAt = timesOf('refusedAt', raw.refusedAt, problems);
    const lockedAt = timesOf('lockedAt', raw.lockedAt, problems);
    const span = storedLock(raw);
    const lock = span === null ? null : readLockSpan(span);
    if (span !== null && lock === null) problems.push(`codeLock.lock: ${excerpt(span)}`);
    const liftedMark = typeof raw.liftedMark === 'string' ? raw.liftedMark : null;
    if (clock === null) return { state: { clock: { elapsed: 0, wallAt: 0, monoAt: null }, refusedAt: [], lockedAt: [], lock: null, liftedMark }, problems };
    return { state: { clock, refusedAt, lockedAt, lock, liftedMark }, problems };
  },
};
