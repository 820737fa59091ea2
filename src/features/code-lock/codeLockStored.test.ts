import { withFakeTimers } from '../../testing/fakeTimers';
import { isCodeEntryLocked, lockSecondsLeft } from './codeLockSlice';
import { codeLockStored } from './codeLockStored';

withFakeTimers();

const T = Date.parse('2026-03-01T12:00:00Z');
/** Brings version 2's value up to the part's version, as loading does. */
const fromVersion2 = (old: unknown) => codeLockStored.read(codeLockStored.migrations[3]?.(old));

describe('the stored code lock', () => {
  it("version 2's wall-clock times keep their age and the lock its time left", () => {
    vi.setSystemTime(T);
    const { state, problems } = fromVersion2({ refusedAt: [T - 10_000, T - 5_000], lock: { since: T - 10_000, until: T + 20_000 } });
    expect(problems).toEqual([]);
    const page = { mono: 0, wall: T };
    expect(lockSecondsLeft(state, page)).toBe(20);
    expect(state.refusedAt.map((at) => state.clock.elapsed - at)).toEqual([10_000, 5_000]);
    expect(state.lockedAt).toEqual([state.lock?.since]);
    expect(fromVersion2({ refusedAt: [], lock: null }).state.lock).toBeNull();
  });

  it('keeps what it can read and says what it dropped', () => {
    const { state, problems } = codeLockStored.read({
      clock: { elapsed: 5_000, wallAt: T },
      refusedAt: [1_000, 'x', 2_000],
      lockedAt: 'soon',
      lock: { since: 4_000, until: 3_000 },
    });
    expect(state).toEqual({ clock: { elapsed: 5_000, wallAt: T, monoAt: null }, refusedAt: [1_000, 2_000], lockedAt: [], lock: null, liftedMark: null });
    expect(problems).toEqual(['codeLock.refusedAt: [1000,"x",2000]', 'codeLock.lockedAt: "soon"', 'codeLock.lock: {"since":4000,"until":3000}']);
  });

  it("keeps the back end's last lift mark across a reload, also from version 3 (none)", () => {
    const stored = { clock: { elapsed: 5_000, wallAt: T }, refusedAt: [], lockedAt: [], lock: null };
    expect(codeLockStored.read({ ...stored, liftedMark: '2026-03-01T11:00:00Z' }).state.liftedMark).toBe('2026-03-01T11:00:00Z');
    expect(codeLockStored.read(codeLockStored.migrations[4]?.(stored)).state.liftedMark).toBeNull();
  });

  it('without a readable clock its times mean nothing: it starts afresh, unlocked', () => {
    const { state, problems } = codeLockStored.read({ refusedAt: [1], lockedAt: [], lock: { since: 1, until: 2, number: 1 } });
    expect(isCodeEntryLocked(state, { mono: 0, wall: T })).toBe(false);
    expect(state.refusedAt).toEqual([]);
    expect(problems).toContain('codeLock.clock: undefined');
  });
});
