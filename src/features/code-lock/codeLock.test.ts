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
import { isCodeEntryLocked } from './codeLockSlice';

withApiServer();
withFakeTimers();

const started = () => startedStore();

const typed = (code: string) => codeEntered({ code, source: 'keypad' });
const locked = (store: ReturnType<typeof started>['store']) => isCodeEntryLocked(store.getState().codeLock, Date.now());

describe('code guessing lock', () => {
  it('after 5 refused codes within 60 s, codes typed or scanned do nothing for 30 s; then they are checked again', async () => {
    const { store, services } = started();
    for (let i = 0; i < 5; i += 1) {
      store.dispatch(i % 2 ? typed('99999') : codeEntered({ code: '99998', source: 'qr' }));
      await vi.advanceTimersByTimeAsync(6_000);
    }
    // Each refusal was queued and sent.
    expect(requestsTo('telephone-entry/access-requests').flatMap((r) => (r.body as { requests: unknown[] }).requests)).toHaveLength(5);
    expect(locked(store)).toBe(true);
    const notifications = store.getState().notifications.items.length;

    store.dispatch(typed('10001'));
    store.dispatch(typed('99999'));
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
    expect(store.getState().notifications.items).toHaveLength(notifications);

    await vi.advanceTimersByTimeAsync(30_000 - 6_000);
    expect(locked(store)).toBe(false);
    expect(store.getState().codeLock.lock).toBeNull();
    store.dispatch(typed('10001'));
    expect(services.hardware.openGate).toHaveBeenCalledWith('10001');
  });

  it('card reads still open the gate during a lock, and refused ones do not count towards it', async () => {
    const { store, services } = started();
    for (let i = 0; i < 10; i += 1) store.dispatch(hardwareCodeRead('99999'));
    expect(locked(store)).toBe(false);
    for (let i = 0; i < 5; i += 1) store.dispatch(typed('99999'));
    expect(locked(store)).toBe(true);
    store.dispatch(hardwareCodeRead('20001'));
    expect(services.hardware.openGate).toHaveBeenCalledWith('20001');
  });

  it('a granted typed code clears the refused ones; a granted card read neither counts nor clears them', () => {
    const { store } = started();
    for (let i = 0; i < 4; i += 1) store.dispatch(typed('99999'));
    store.dispatch(typed('10001'));
    for (let i = 0; i < 4; i += 1) store.dispatch(typed('99999'));
    expect(locked(store)).toBe(false);
    store.dispatch(hardwareCodeRead('20001'));
    store.dispatch(typed('99999'));
    expect(locked(store)).toBe(true);
  });

  it('tells the back end when a lock begins', async () => {
    const { store } = started();
    for (let i = 0; i < 5; i += 1) store.dispatch(typed('99999'));
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/logs').map((r) => r.body)).toContainEqual(
      expect.objectContaining({ message: 'Code entry locked: too many refused codes', meta: expect.objectContaining({ refused: 5, withinMs: 60000 }) }),
    );
  });

  it('survives a reload: the lock comes back from storage', () => {
    const before = openPersistedStore(localStorage, () => createTestServices()).store;
    const parsed = parsePropertyResponse(rawProperty());
    before.dispatch(propertyLoaded({ data: parsed.data, twimlToken: null }));
    for (let i = 0; i < 5; i += 1) before.dispatch(typed('99999'));
    before.dispose();

    const after = openPersistedStore(localStorage, () => createTestServices());
    onTestFinished(() => after.store.dispose());
    expect(locked(after.store)).toBe(true);
    after.store.dispatch(typed('10001'));
    expect(after.services.hardware.openGate).not.toHaveBeenCalled();
  });

  it('a lock held across a reload ends when its time is up, not 30 s after the reload', async () => {
    const now = Date.now();
    const { store } = startedStore({ preloaded: { codeLock: { refusedAt: [], lock: { since: now - 10_000, until: now + 20_000 } } } });
    await vi.advanceTimersByTimeAsync(19_900);
    expect(store.getState().codeLock.lock).not.toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(store.getState().codeLock.lock).toBeNull();
  });
});
