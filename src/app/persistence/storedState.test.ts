import { selectFaults } from '../../features/diagnostics/diagnosticsSlice';
import { appStarted } from '../../store/actions';
import { onlineChanged } from '../../features/connectivity/connectivitySlice';
import { accessRequestQueued, selectQueuedAccessRequests } from '../../features/access-queue/accessQueueSlice';
import { parsePropertyResponse } from '../../features/property/parsePropertyResponse';
import { propertyLoaded } from '../../features/property/propertySlice';
import { selectValidCodes } from '../../features/property/selectors';
import { launchParamsRead, selectModel, selectToken } from '../../features/session/sessionSlice';
import { requestsTo, withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { rawProperty } from '../../testing/fixtures';
import { createMemoryStorage } from '../../testing/memoryStorage';
import { openPersistedStore } from './persistedStore';
import { LATER_LISTENERS } from '../laterListeners';

withApiServer();
withFakeTimers();

const KEY = (part: string) => `gate-kiosk:${part}`;
const queued = (user_code: string) => ({ user_code, access_granted: true, created_at: '2026-11-21T10:00:00.000Z' });
const property = () => parsePropertyResponse(rawProperty()).data;

/** Opens the kiosk's store on `storage` as a page load does. */
function open(storage: Storage) {
  const opened = openPersistedStore(storage, (getState) => createTestServices(() => getState().session.token ?? 'test-token'), null, LATER_LISTENERS);
  onTestFinished(() => opened.store.dispose());
  return opened;
}

/** The store once the property data has joined it and saving has started (as once the first screen is shown). */
async function openRead(storage: Storage) {
  const opened = open(storage);
  await opened.ready;
  return opened;
}

/** The log lines the back end received (each once its body is read). */
const logLines = () =>
  requestsTo('telephone-entry/logs')
    .filter((request) => request.body !== null)
    .map((request) => request.body as { message: string; meta: unknown });
const stored = (storage: Storage, part: string) => JSON.parse(storage.getItem(KEY(part)) ?? 'null') as { version: number; state: unknown };

describe('stored state', () => {
  it('keeps each part in an item of its own, and a reload brings every part back', async () => {
    const storage = createMemoryStorage();
    const { store } = await openRead(storage);
    store.dispatch(launchParamsRead({ token: 'abc', model: 'TOUCH', unknownModel: false }));
    store.dispatch(propertyLoaded({ data: property(), twimlToken: 'twiml-1' }));
    store.dispatch(accessRequestQueued(queued('10001')));
    store.dispose();
    expect(stored(storage, 'session')).toEqual({ version: 2, state: { token: 'abc', model: 'TOUCH' } });
    expect(stored(storage, 'accessQueue')).toEqual({ version: 2, state: { items: [queued('10001')] } });
    // When the data arrived, apart from the data: guests' codes expire offline from it.
    expect(stored(storage, 'propertyAge')).toEqual({ version: 3, state: { loadedAt: expect.any(Number), age: expect.objectContaining({ elapsed: expect.any(Number) }) } });

    const again = (await openRead(storage)).store.getState();
    expect(again.session).toEqual({ token: 'abc', model: 'TOUCH' });
    expect(again.accessQueue.items).toEqual([queued('10001')]);
    expect(again.property).toEqual({ data: property(), twimlToken: 'twiml-1' });
    expect(logLines()).toEqual([]);
  });

  it('a part that cannot be read is reset alone and logged; token, model and queue are kept', async () => {
    const storage = createMemoryStorage();
    storage.setItem(KEY('session'), JSON.stringify({ version: 2, state: { token: 'abc', model: 'GEN3' } }));
    storage.setItem(KEY('accessQueue'), JSON.stringify({ version: 2, state: { items: [queued('10001')] } }));
    storage.setItem(KEY('property'), '{"version":2,"state":{"data":{"property":');
    storage.setItem(KEY('notifications'), JSON.stringify({ version: 2, state: { items: 'lots' } }));
    const state = open(storage).store.getState();
    expect(state.session).toEqual({ token: 'abc', model: 'GEN3' });
    expect(state.accessQueue.items).toEqual([queued('10001')]);
    expect(state.property.data).toBeNull();
    expect(state.notifications.items).toEqual([]);
    await vi.waitFor(() => expect(logLines()).toHaveLength(1));
    expect(logLines()[0]).toMatchObject({
      message: 'Stored state could not all be read back; those parts were reset',
      meta: {
        feature: 'stored-state',
        detail: [expect.stringMatching(/^notifications: no list of items/), expect.stringMatching(/^property: unreadable/)],
      },
    });
    expect(requestsTo('telephone-entry/logs')[0]?.authorization).toBe('Bearer abc');
    // The healed state is written back.
    expect(stored(storage, 'notifications')).toEqual({ version: 2, state: { items: [] } });
  });

  it('never puts the token in the log, even from a session item that cannot be read', async () => {
    const storage = createMemoryStorage();
    storage.setItem(KEY('session'), '{"version":2,"state":{"token":"secret-token-1","mo');
    open(storage);
    await vi.waitFor(() => expect(logLines()).toHaveLength(1));
    expect(JSON.stringify(logLines())).toMatch(/session: unreadable \(\d+ characters\)/);
    expect(JSON.stringify(logLines())).not.toContain('secret-token-1');
  });

  describe('shapes the readers bring round (one test each)', () => {
    it('a model stored in lower case is read as that model', () => {
      const storage = createMemoryStorage();
      storage.setItem(KEY('session'), JSON.stringify({ version: 2, state: { token: 'abc', model: 'gen2' } }));
      expect(selectModel(open(storage).store.getState())).toBe('GEN2');
    });

    it('an unknown stored model falls back to DEFAULT and keeps the token', () => {
      const storage = createMemoryStorage();
      storage.setItem(KEY('session'), JSON.stringify({ version: 2, state: { token: 'abc', model: 7 } }));
      const state = open(storage).store.getState();
      expect([selectToken(state), selectModel(state)]).toEqual(['abc', 'DEFAULT']);
    });

    it('a queue stored with codes as numbers, outcomes as 1/0 and times as epoch milliseconds', async () => {
      const storage = createMemoryStorage();
      const at = Date.UTC(2026, 10, 21, 10);
      storage.setItem(KEY('session'), JSON.stringify({ version: 2, state: { token: 'abc', model: 'GEN2' } }));
      const items = [
        { user_code: 10001, access_granted: 1, created_at: at },
        { user_code: '99999', access_granted: '0', created_at: '2026-11-21T10:00:00Z' },
        { user_code: '', access_granted: 'maybe' },
      ];
      storage.setItem(KEY('accessQueue'), JSON.stringify({ version: 2, state: { items } }));
      const { store } = open(storage);
      expect(selectQueuedAccessRequests(store.getState())).toEqual([
        queued('10001'),
        { user_code: '99999', access_granted: false, created_at: '2026-11-21T10:00:00Z' },
      ]);
      // The item that cannot be read reaches the back end in the log, whole.
      await vi.waitFor(() => expect(JSON.stringify(logLines())).toContain(String.raw`{\"user_code\":\"\",\"access_granted\":\"maybe\"}`));
    });

    it('property data stored with ids on staff and flags as 1/0 is read with the answer schemas', async () => {
      const storage = createMemoryStorage();
      const old = rawProperty({ property_staff: [{ id: 3, property_access_code: { code: '20001' }, property_credentials: [] }] });
      storage.setItem(KEY('property'), JSON.stringify({ version: 2, state: { data: { ...old, device: { ...old.device, enable_qr_codes: 1 } }, twimlToken: 'old' } }));
      const state = (await openRead(storage)).store.getState();
      expect(state.property.data?.device.enable_qr_codes).toBe(true);
      expect(selectValidCodes(state).exact.has('20001')).toBe(true);
    });

    it('a part written by a newer kiosk is used when it reads as this one expects', () => {
      const storage = createMemoryStorage();
      storage.setItem(KEY('session'), JSON.stringify({ version: 9, state: { token: 'abc', model: 'GEN3', theme: 'dark' } }));
      expect(open(storage).store.getState().session).toEqual({ token: 'abc', model: 'GEN3' });
    });
  });

  describe('a full storage', () => {
    it('a queue that cannot be written is logged once, kept in memory, retried every 5 s, and written once there is room', async () => {
      const storage = createMemoryStorage();
      const { store, flush } = await openRead(storage);
      store.dispatch(launchParamsRead({ token: 'abc', model: 'GEN2', unknownModel: false }));
      // Offline, so that the queue stays.
      store.dispatch(onlineChanged(false));
      storage.quota = 0;
      store.dispatch(accessRequestQueued(queued('10001')));
      store.dispatch(accessRequestQueued(queued('10002')));
      expect(selectQueuedAccessRequests(store.getState())).toHaveLength(2);
      expect(await flush()).toBe(false);
      await vi.advanceTimersByTimeAsync(15000);
      await vi.waitFor(() => expect(logLines()).toHaveLength(3));
      // Room was sought first (removing the stored property data), then each failure logged once, not at every retry:
      // the queue's, then that of the fault it raised (the storage fault, with the part and how many records it holds in memory).
      // Making room is a warning (nothing is lost); a part that stays unwritten is an error.
      expect(logLines()).toEqual([
        {
          message: 'Storage full: removed stored parts the back end sends again',
          meta: { feature: 'stored-state', level: 'warning', removed: expect.arrayContaining(['property']) },
          timestamp: expect.any(String),
        },
        expect.objectContaining({
          message: 'Stored state could not be written; kept in memory and retried',
          meta: { feature: 'stored-state', part: 'accessQueue', error: expect.stringContaining('QuotaExceededError') },
        }),
        expect.objectContaining({ message: 'Stored state could not be written; kept in memory and retried', meta: expect.objectContaining({ part: 'diagnostics' }) }),
      ]);
      expect(selectFaults(store.getState())).toEqual([
        expect.objectContaining({ kind: 'storage', detail: expect.stringMatching(/^accessQueue, 2 held in memory: QuotaExceededError/), clearedAt: null }),
      ]);
      expect(storage.writes.filter((key) => key === KEY('accessQueue')).length).toBeGreaterThanOrEqual(4);

      storage.quota = Infinity;
      await vi.advanceTimersByTimeAsync(5000);
      expect(stored(storage, 'accessQueue').state).toEqual({ items: [queued('10001'), queued('10002')] });
      expect(await flush()).toBe(true);
      // The recovery is a warning: the part written again, after how many failed attempts.
      await vi.waitFor(() =>
        expect(logLines()).toContainEqual(
          expect.objectContaining({
            message: 'Stored state written again',
            meta: { feature: 'stored-state', level: 'warning', part: 'accessQueue', failedAttempts: expect.any(Number) },
          }),
        ),
      );
      expect(selectFaults(store.getState())).toEqual([expect.objectContaining({ kind: 'storage', clearedAt: expect.any(Number) })]);
    });

    it('makes room for the queue by removing the stored property data, which the back end sends again', async () => {
      const storage = createMemoryStorage();
      const { store, flush } = await openRead(storage);
      store.dispatch(propertyLoaded({ data: property(), twimlToken: null }));
      expect(storage.getItem(KEY('property'))).not.toBeNull();
      const used = [...Array(storage.length).keys()].reduce((sum, i) => sum + storage.key(i)!.length + storage.getItem(storage.key(i)!)!.length, 0);
      storage.quota = used + 20;
      store.dispatch(accessRequestQueued(queued('10001')));
      expect(storage.getItem(KEY('property'))).toBeNull();
      expect(stored(storage, 'accessQueue').state).toEqual({ items: [queued('10001')] });
      expect(await flush()).toBe(true);
      await vi.waitFor(() => expect(logLines().map((line) => line.message)).toContain('Storage full: removed stored parts the back end sends again'));
      expect(store.getState().property.data).toEqual(property());
    });

    it('keeps the effects running while nothing can be stored', async () => {
      const storage = createMemoryStorage(0);
      const { store } = open(storage);
      store.dispatch(launchParamsRead({ token: 'abc', model: 'GEN2', unknownModel: false }));
      store.dispatch(appStarted());
      await vi.waitFor(() => expect(store.getState().property.data).not.toBeNull());
    });
  });
});
