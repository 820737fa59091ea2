import { codeLockSlice, enteredCodeGranted, enteredCodeRefused, isCodeEntryLocked, lockSecondsLeft, type CodeLockState } from './codeLockSlice';

// The issue of record: 5 refused codes within 60 s lock code entry for 30 s.
const settings = { attempts: 5, windowMs: 60_000, lockMs: 30_000 };
const reduce = codeLockSlice.reducer;
const T = Date.parse('2026-03-01T12:00:00Z');

function refuseAt(times: number[], state: CodeLockState = reduce(undefined, { type: 'init' }), limits = settings): CodeLockState {
  return times.reduce((current, at) => reduce(current, enteredCodeRefused({ at, settings: limits })), state);
}

describe('code lock', () => {
  it('4 refused codes within 60 s do not lock; the 5th locks for 30 s', () => {
    const four = refuseAt([T, T + 6_000, T + 12_000, T + 18_000]);
    expect(isCodeEntryLocked(four, T + 18_001)).toBe(false);
    const five = refuseAt([T + 24_000], four);
    expect(isCodeEntryLocked(five, T + 24_000)).toBe(true);
    expect(isCodeEntryLocked(five, T + 24_000 + 29_999)).toBe(true);
    expect(isCodeEntryLocked(five, T + 24_000 + 30_000)).toBe(false);
  });

  it('counts only the refusals of the last 60 s', () => {
    const spread = refuseAt([T, T + 20_000, T + 40_000, T + 59_000, T + 60_000]);
    expect(isCodeEntryLocked(spread, T + 60_000)).toBe(false);
    expect(isCodeEntryLocked(refuseAt([T + 61_000], spread), T + 61_000)).toBe(true);
  });

  it('counts down in whole seconds, rounding up', () => {
    const locked = refuseAt([T, T, T, T, T]);
    expect(lockSecondsLeft(locked, T)).toBe(30);
    expect(lockSecondsLeft(locked, T + 100)).toBe(30);
    expect(lockSecondsLeft(locked, T + 29_001)).toBe(1);
    expect(lockSecondsLeft(locked, T + 30_000)).toBe(0);
  });

  it('starts counting afresh after a lock and after a code that opened the gate', () => {
    const afterLock = refuseAt([T, T, T, T, T, T + 31_000]);
    expect(isCodeEntryLocked(afterLock, T + 31_000)).toBe(false);
    const fumbled = reduce(refuseAt([T, T + 1, T + 2, T + 3]), enteredCodeGranted());
    expect(isCodeEntryLocked(refuseAt([T + 4], fumbled), T + 4)).toBe(false);
  });

  it('0 attempts or a 0 s lock turns it off', () => {
    const times = Array.from({ length: 20 }, (_, i) => T + i);
    expect(isCodeEntryLocked(refuseAt(times, undefined, { ...settings, attempts: 0 }), T + 20)).toBe(false);
    expect(isCodeEntryLocked(refuseAt(times, undefined, { ...settings, lockMs: 0 }), T + 20)).toBe(false);
  });

  it('a clock set back before the lock began does not stretch it', () => {
    const locked = refuseAt([T, T, T, T, T]);
    expect(isCodeEntryLocked(locked, T - 3_600_000)).toBe(false);
  });

  it('copes with stored state it did not write', () => {
    const damaged = { refusedAt: 'soon', lock: null } as unknown as CodeLockState;
    expect(isCodeEntryLocked(refuseAt([T, T, T, T, T], damaged), T)).toBe(true);
    const mixed = { refusedAt: [T, 'x', null, T], lock: null } as unknown as CodeLockState;
    expect(isCodeEntryLocked(refuseAt([T, T, T], mixed), T)).toBe(true);
  });
});
