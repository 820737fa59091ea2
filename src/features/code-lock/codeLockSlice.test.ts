import { CODE_LOCK_DEFAULTS } from '../../testing/fakeServices';
import { codeLockSlice, enteredCodeRefused, isCodeEntryLocked, lockSecondsLeft, type CodeLockSettings, type CodeLockState } from './codeLockSlice';
import { codeLockStored } from './codeLockStored';
import type { ClockReading } from '../../lib/elapsedClock';

// docs/rules.md#r5-2: 5 refused codes within 60 s lock for 30 s, then 1, 2, 4, 8, 15 min; at most 30 an hour, 100 a day.
const settings: CodeLockSettings = CODE_LOCK_DEFAULTS;
const reduce = codeLockSlice.reducer;
const T = Date.parse('2026-03-01T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Both clocks `ms` into the test, on one page. */
const at = (ms: number): ClockReading => ({ mono: ms, wall: T + ms });
const fresh = (): CodeLockState => reduce(undefined, { type: 'init' });
const refuse = (state: CodeLockState, reading: ClockReading, limits = settings) => reduce(state, enteredCodeRefused({ reading, settings: limits }));
const refuseAt = (times: number[], state = fresh(), limits = settings) => times.reduce((current, ms) => refuse(current, at(ms), limits), state);

/** A guesser trying a code every `paceMs` (whenever the lock lets them) for `spanMs`: when each guess was checked. */
function guess(paceMs: number, spanMs: number, limits = settings): number[] {
  let state = fresh();
  const checked: number[] = [];
  for (let ms = 0; ms < spanMs; ms += paceMs) {
    if (isCodeEntryLocked(state, at(ms))) continue;
    checked.push(ms);
    state = refuse(state, at(ms), limits);
  }
  return checked;
}
const mostWithin = (times: number[], windowMs: number) => Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + windowMs).length));

describe('code lock budgets', () => {
  it('4 refused codes within 60 s do not lock; the 5th locks for 30 s', () => {
    const four = refuseAt([0, 6_000, 12_000, 18_000]);
    expect(isCodeEntryLocked(four, at(18_001))).toBe(false);
    const five = refuseAt([24_000], four);
    expect(lockSecondsLeft(five, at(24_000))).toBe(30);
    expect(lockSecondsLeft(five, at(24_100))).toBe(30);
    expect(lockSecondsLeft(five, at(53_001))).toBe(1);
    expect(isCodeEntryLocked(five, at(54_000))).toBe(false);
  });

  it('counts only the refusals of the last 60 s, and afresh after a lock', () => {
    const spread = refuseAt([0, 20_000, 40_000, 59_000, 60_000]);
    expect(isCodeEntryLocked(spread, at(60_000))).toBe(false);
    expect(isCodeEntryLocked(refuseAt([61_000], spread), at(61_000))).toBe(true);
    const afterLock = refuseAt([0, 1, 2, 3, 4, 31_000, 31_001, 31_002, 31_003]);
    expect(isCodeEntryLocked(afterLock, at(31_003))).toBe(false);
  });

  it('a visitor who mistypes twice is never locked, even twice every half hour all day', () => {
    let state = fresh();
    for (let ms = 0; ms < DAY; ms += 30 * MINUTE) {
      state = refuseAt([ms, ms + 4_000], state);
      expect(isCodeEntryLocked(state, at(ms + 4_000))).toBe(false);
    }
  });

  it('a guesser at any pace gets at most 30 codes checked in any hour and 100 in any day', () => {
    for (const paceMs of [1_000, 8_000, 15_000, MINUTE, 2 * MINUTE]) {
      const checked = guess(paceMs, 2 * DAY);
      expect(mostWithin(checked, HOUR)).toBeLessThanOrEqual(30);
      expect(mostWithin(checked, DAY)).toBeLessThanOrEqual(100);
    }
    // One every 15 s never makes 5 a minute, but spends the hour's 30 within 7.5 minutes.
    expect(guess(15_000, HOUR)).toHaveLength(30);
    expect(guess(15_000, DAY)).toHaveLength(100);
  });

  it('0 turns a budget off, and 0 s turns the lock off', () => {
    const noHour = { ...settings, budgets: settings.budgets.map((b) => (b.windowMs === HOUR ? { ...b, attempts: 0 } : b)) };
    expect(guess(15_000, HOUR, noHour)).toHaveLength(100);
    const none = { burst: { ...settings.burst, attempts: 0 }, budgets: settings.budgets.map((b) => ({ ...b, attempts: 0 })), lockMs: 30_000, maxLockMs: 900_000 };
    expect(guess(1_000, HOUR, none)).toHaveLength(3_600);
    expect(guess(1_000, HOUR, { ...settings, lockMs: 0 })).toHaveLength(3_600);
  });
});

describe('code lock escalation', () => {
  const minuteOnly = { ...settings, budgets: [] };
  /** The length of each lock a guesser trying every second for `spanMs` meets, in seconds. */
  function lockLengths(limits: CodeLockSettings, spanMs: number): number[] {
    let state = fresh();
    const lengths: number[] = [];
    for (let ms = 0; ms < spanMs; ms += 1_000) {
      if (isCodeEntryLocked(state, at(ms))) continue;
      const before = state.lock;
      state = refuse(state, at(ms), limits);
      if (state.lock && state.lock !== before) lengths.push((state.lock.until - state.lock.since) / 1000);
    }
    return lengths;
  }

  it("each lock of the day is longer than the last: 30 s, 1, 2, 4, 8, then 15 min", () => {
    expect(lockLengths(minuteOnly, 3 * HOUR).slice(0, 8)).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('a max of 0 keeps every lock at the first length', () => {
    expect(new Set(lockLengths({ ...minuteOnly, maxLockMs: 0 }, HOUR))).toEqual(new Set([30]));
  });

  it('a day without a lock starts again at 30 s', () => {
    let state = refuseAt([0, 1, 2, 3, 4, 40_000, 40_001, 40_002, 40_003, 40_004]);
    expect(lockSecondsLeft(state, at(40_004))).toBe(60);
    const quiet = DAY + 200_000;
    state = refuseAt([quiet, quiet + 1, quiet + 2, quiet + 3, quiet + 4], state);
    expect(lockSecondsLeft(state, at(quiet + 4))).toBe(30);
    expect(state.lock?.number).toBe(1);
  });
});

describe('code lock time', () => {
  it('a wall clock set back neither ends a lock nor forgets refusals', () => {
    const locked = refuseAt([0, 1_000, 2_000, 3_000, 4_000]);
    const setBack = (ms: number): ClockReading => ({ mono: ms, wall: T - HOUR + ms });
    expect(isCodeEntryLocked(locked, setBack(10_000))).toBe(true);
    expect(lockSecondsLeft(locked, setBack(10_000))).toBe(24);
    expect(isCodeEntryLocked(locked, setBack(34_000))).toBe(false);

    const four = refuseAt([0, 1_000, 2_000, 3_000]);
    expect(isCodeEntryLocked(refuse(four, setBack(5_000)), setBack(5_000))).toBe(true);
  });

  /** What the next page reads from storage. */
  const reloaded = (state: CodeLockState) => codeLockStored.read(JSON.parse(JSON.stringify(state))).state;

  it('survives a reload: the gap between the pages counts, as the wall clock tells it', () => {
    const locked = refuseAt([0, 1_000, 2_000, 3_000, 4_000]);
    const next = reloaded(locked);
    // The next page's monotonic clock starts again near 0; 8 s went by on the wall clock.
    expect(lockSecondsLeft(next, { mono: 500, wall: T + 12_000 })).toBe(22);
    expect(isCodeEntryLocked(next, { mono: 500, wall: T + 34_000 })).toBe(false);
  });

  it('a reload with the wall clock set back adds nothing; one set forward adds at most a minute', () => {
    const next = reloaded(refuseAt([0, 1_000, 2_000, 3_000, 4_000]));
    expect(lockSecondsLeft(next, { mono: 10, wall: T - DAY })).toBe(30);
    expect(lockSecondsLeft(next, { mono: 10, wall: T + 365 * DAY })).toBe(0);
    // A year forward counts as one minute: the hour still remembers the four refusals.
    const four = reloaded(refuseAt([0, 1_000, 2_000, 3_000]));
    expect(refuse(four, { mono: 10, wall: T + 365 * DAY }).refusedAt).toHaveLength(5);
  });

  it('copes with stored state it did not write', () => {
    const damaged = { clock: { elapsed: 0, wallAt: 0, monoAt: null }, refusedAt: 'soon', lockedAt: null, lock: null } as unknown as CodeLockState;
    expect(isCodeEntryLocked(refuseAt([0, 0, 0, 0, 0], damaged), at(0))).toBe(true);
    const mixed = { clock: { elapsed: 0, wallAt: 0, monoAt: null }, refusedAt: [60_000, 'x', null, 60_000], lockedAt: [], lock: null } as unknown as CodeLockState;
    expect(isCodeEntryLocked(refuseAt([0, 0, 0], mixed), at(0))).toBe(true);
  });
});
