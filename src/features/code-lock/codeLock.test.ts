import { openPersistedStore } from '../../app/persistence/persistedStore';
import { requestsTo, withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { rawProperty } from '../../testing/fixtures';
import { startedStore } from '../../testing/renderKiosk';
import { selectQueuedAccessRequests } from '../access-queue/accessQueueSlice';
import { codeEntered, hardwareCodeRead } from '../gate/gateActions';
import { parsePropertyResponse } from '../property/parsePropertyResponse';
import { propertyLoaded } from '../property/propertySlice';
import { codeLockLifted, isCodeEntryLocked } from './codeLockSlice';
import { LATER_LISTENERS } from '../../app/laterListeners';

withApiServer();
withFakeTimers();

const typed = (code: string) => codeEntered({ code, source: 'keypad' });
type Started = ReturnType<typeof startedStore>;
const locked = ({ store, services }: Started) => isCodeEntryLocked(store.getState().codeLock, services.clock());
const lockLogs = () =>
  requestsTo('telephone-entry/logs')
    .map((r) => r.body as { message: string; meta: Record<string, unknown> })
    .filter((body) => body.message === 'Code entry locked: too many refused codes');

describe('code guessing lock', () => {
  it('after 5 refused codes within 60 s, codes typed or scanned do nothing for 30 s; then they are checked again', async () => {
    const kiosk = startedStore();
    const { store, services } = kiosk;
    for (let i = 0; i < 5; i += 1) {
      store.dispatch(i % 2 ? typed('99999') : codeEntered({ code: '99998', source: 'qr' }));
      await vi.advanceTimersByTimeAsync(6_000);
    }
    // Each refusal was queued and sent.
    expect(requestsTo('telephone-entry/access-requests').flatMap((r) => (r.body as { requests: unknown[] }).requests)).toHaveLength(5);
    expect(locked(kiosk)).toBe(true);
    const notifications = store.getState().notifications.items.length;

    store.dispatch(typed('10001'));
    store.dispatch(typed('99999'));
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
    expect(store.getState().notifications.items).toHaveLength(notifications);

    await vi.advanceTimersByTimeAsync(30_000 - 6_000 - 100);
    expect(locked(kiosk)).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(store.getState().codeLock.lock).toBeNull();
    store.dispatch(typed('10001'));
    expect(services.hardware.openGate).toHaveBeenCalledWith('10001');
  });

  it('card reads still open the gate during a lock, and refused ones do not count towards it', () => {
    const kiosk = startedStore();
    for (let i = 0; i < 10; i += 1) kiosk.store.dispatch(hardwareCodeRead('99999'));
    expect(locked(kiosk)).toBe(false);
    for (let i = 0; i < 5; i += 1) kiosk.store.dispatch(typed('99999'));
    expect(locked(kiosk)).toBe(true);
    kiosk.store.dispatch(hardwareCodeRead('20001'));
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('20001');
  });

  it('guess, own code, guess: a granted code clears nothing', () => {
    const kiosk = startedStore();
    for (let i = 0; i < 4; i += 1) kiosk.store.dispatch(typed('99999'));
    kiosk.store.dispatch(typed('10001'));
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('10001');
    kiosk.store.dispatch(typed('99999'));
    expect(locked(kiosk)).toBe(true);
  });

  it('tells the back end of every lock once, marking the first and each longer one as an escalation', async () => {
    const kiosk = startedStore();
    /** Waits out the lock in force, then has 5 wrong codes typed within a second. */
    const fiveWrong = async () => {
      const lock = kiosk.store.getState().codeLock.lock;
      if (lock) await vi.advanceTimersByTimeAsync(lock.until - lock.since + 1_000);
      for (let i = 0; i < 5; i += 1) kiosk.store.dispatch(typed('99999'));
      await vi.advanceTimersByTimeAsync(10);
    };
    await fiveWrong();
    expect(lockLogs()).toEqual([expect.objectContaining({ meta: expect.objectContaining({ lockOfTheDay: 1, escalation: true, lockedForMs: 30_000 }) })]);
    for (let lock = 2; lock <= 6; lock += 1) await fiveWrong();
    const lengths = lockLogs().map((log) => log.meta.lockedForMs as number);
    expect(lengths.slice(0, 5)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    // The 30th refusal of the hour: the 6th lock lasts until the first of them leaves the hour, more than 15 min.
    expect(lengths[5]).toBeGreaterThan(900_000);
    // The 7th, 15 min like the 6th's step, is told as no escalation.
    await fiveWrong();
    expect(kiosk.store.getState().codeLock.lock?.number).toBe(7);
    expect(lockLogs().map((log) => log.meta.escalation)).toEqual([true, true, true, true, true, true, false]);
  });

  it('a wall clock set back during a lock does not end it', async () => {
    const kiosk = startedStore();
    for (let i = 0; i < 5; i += 1) kiosk.store.dispatch(typed('99999'));
    kiosk.services.clocks.setWallClockBack(3_600_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(locked(kiosk)).toBe(true);
    kiosk.store.dispatch(typed('10001'));
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(59_100);
    expect(kiosk.store.getState().codeLock.lock).toBeNull();
  });

  it('survives a reload: the lock and the refusals come back from storage', async () => {
    const opened = openPersistedStore(localStorage, () => createTestServices(), null, LATER_LISTENERS);
    // Saving starts once the stored property data is read.
    await opened.ready;
    const before = opened.store;
    const parsed = parsePropertyResponse(rawProperty());
    before.dispatch(propertyLoaded({ data: parsed.data, twimlToken: null }));
    for (let i = 0; i < 5; i += 1) before.dispatch(typed('99999'));
    before.dispose();

    const after = openPersistedStore(localStorage, () => createTestServices(), null, LATER_LISTENERS);
    onTestFinished(() => after.store.dispose());
    expect(isCodeEntryLocked(after.store.getState().codeLock, after.services.clock())).toBe(true);
    expect(after.store.getState().codeLock.refusedAt).toHaveLength(5);
    after.store.dispatch(typed('10001'));
    expect(after.services.hardware.openGate).not.toHaveBeenCalled();
  });

  it('a lock held across a reload ends when its time is up, not 30 s after the reload', async () => {
    const now = Date.now();
    const stored = { clock: { elapsed: 100_000, wallAt: now, monoAt: null }, refusedAt: [], lockedAt: [90_000], lock: { since: 90_000, until: 120_000, number: 1 }, liftedMark: null };
    const { store } = startedStore({ preloaded: { codeLock: stored } });
    await vi.advanceTimersByTimeAsync(19_900);
    expect(store.getState().codeLock.lock).not.toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(store.getState().codeLock.lock).toBeNull();
  });

  describe('lifted before its time', () => {
    const liftLogs = () =>
      requestsTo('telephone-entry/logs')
        .map((r) => r.body as { message: string; meta: Record<string, unknown> })
        .filter((body) => body.message === 'Code entry lock lifted');
    const loadWith = (kiosk: Started, cleared: string | null) => {
      const raw = rawProperty();
      const parsed = parsePropertyResponse({ ...raw, device: { ...raw.device, code_lock_cleared_at: cleared } });
      kiosk.store.dispatch(propertyLoaded({ data: parsed.data, twimlToken: null }));
    };

    it("a new code_lock_cleared_at in the device record unlocks code entry and forgets the refusals; the same one again does nothing", async () => {
      const kiosk = startedStore();
      for (let i = 0; i < 5; i += 1) kiosk.store.dispatch(typed('99999'));
      expect(locked(kiosk)).toBe(true);
      loadWith(kiosk, null);
      expect(locked(kiosk)).toBe(true);

      loadWith(kiosk, '2026-11-28T10:00:00Z');
      expect(locked(kiosk)).toBe(false);
      expect(kiosk.store.getState().codeLock).toMatchObject({ refusedAt: [], lockedAt: [], lock: null, liftedMark: '2026-11-28T10:00:00Z' });
      kiosk.store.dispatch(typed('10001'));
      expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('10001');
      await vi.advanceTimersByTimeAsync(10);
      expect(liftLogs()).toEqual([expect.objectContaining({ meta: expect.objectContaining({ by: 'back end', wasLocked: true, refusedWithinDay: 5 }) })]);

      // The same mark at the next load: the lock it made stays.
      for (let i = 0; i < 5; i += 1) kiosk.store.dispatch(typed('99999'));
      loadWith(kiosk, '2026-11-28T10:00:00Z');
      expect(locked(kiosk)).toBe(true);
      await vi.advanceTimersByTimeAsync(10);
      expect(liftLogs()).toHaveLength(1);
    });

    it('the installer lifts it', async () => {
      const kiosk = startedStore();
      for (let i = 0; i < 5; i += 1) kiosk.store.dispatch(typed('99999'));
      kiosk.store.dispatch(codeLockLifted({ by: 'installer' }));
      expect(locked(kiosk)).toBe(false);
      expect(kiosk.store.getState().codeLock.liftedMark).toBeNull();
      await vi.advanceTimersByTimeAsync(10);
      expect(liftLogs()).toEqual([expect.objectContaining({ meta: expect.objectContaining({ by: 'installer', wasLocked: true }) })]);
    });
  });
});
