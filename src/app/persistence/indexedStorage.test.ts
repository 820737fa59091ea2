import { IDBFactory } from 'fake-indexeddb';
import { accessRequestQueued, accessRequestsAccepted, selectQueuedAccessRequests, storedQueueRead } from '../../features/access-queue/accessQueueSlice';
import { selectFaults } from '../../features/diagnostics/diagnosticsSlice';
import { codeEntered } from '../../features/gate/gateActions';
import { parsePropertyResponse } from '../../features/property/parsePropertyResponse';
import { propertyLoaded, selectPropertyData, selectPropertyVersion, storedPropertyRead } from '../../features/property/propertySlice';
import { selectValidCodes } from '../../features/property/selectors';
import { isValidEnteredCode, isValidHardwareCode } from '../../features/property/validCodes';
import { launchParamsRead } from '../../features/session/sessionSlice';
import { requestsTo, withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { rawProperty, rawPropertyWith } from '../../testing/fixtures';
import { createMemoryStorage } from '../../testing/memoryStorage';
import { openIndexedStore, type IndexedStore } from './indexedStore';
import { openPersistedStore, type OpenedDatabase } from './persistedStore';
import { LATER_LISTENERS } from '../laterListeners';
import type { Listen } from '../store';

withApiServer();

const KEY = (part: string) => `gate-kiosk:${part}`;
const request = (user_code: string, second = 0) => ({ user_code, access_granted: user_code !== '99999', created_at: `2026-11-21T10:00:${String(second).padStart(2, '0')}.000Z` });
const property = () => parsePropertyResponse(rawProperty()).data;
const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** A database whose writes fail while `full` is set, as a panel's full disk makes them. */
function fillable(store: IndexedStore) {
  const wrapped = {
    full: false,
    ...store,
    updateQueue: (add: readonly unknown[], remove: readonly IDBValidKey[]) => (wrapped.full ? Promise.reject(quotaError()) : store.updateQueue(add, remove)),
    putPart: (name: string, value: unknown, pieces?: readonly unknown[]) => (wrapped.full ? Promise.reject(quotaError()) : store.putPart(name, value, pieces)),
  };
  return wrapped;
}

/** One panel: its `localStorage` and its database, kept across page loads. */
function panel() {
  const storage = createMemoryStorage();
  const factory = new IDBFactory();
  /** Opens the kiosk as a page load does: the database first, then the store on both. */
  async function load(wrap: (store: IndexedStore) => IndexedStore = (store) => store) {
    const store = await openIndexedStore(factory);
    if (!store) throw new Error('no database');
    const database = { store: wrap(store), parts: await store.read() };
    const opened = openPersistedStore(storage, (getState) => createTestServices(() => getState().session.token ?? 'test-token'), database, LATER_LISTENERS);
    onTestFinished(() => opened.store.dispose());
    await opened.ready;
    return { ...opened, database };
  }
  return { storage, factory, load };
}

const logMessages = () => requestsTo('telephone-entry/logs').map((entry) => (entry.body as { message: string } | null)?.message);

describe('the queue and the property data in the database', () => {
  it('keeps each queued request as a record of its own, back after a reload, and none of it in localStorage', async () => {
    const { storage, load } = panel();
    const first = await load();
    first.store.dispatch(launchParamsRead({ token: 'abc', model: 'GEN2', unknownModel: false }));
    first.store.dispatch(propertyLoaded({ data: property(), twimlToken: 'twiml-1' }));
    first.store.dispatch(accessRequestQueued(request('10001', 1)));
    first.store.dispatch(accessRequestQueued(request('99999', 2)));
    expect(await first.flush()).toBe(true);
    first.store.dispose();

    const again = await load();
    expect(selectQueuedAccessRequests(again.store.getState())).toEqual([request('10001', 1), request('99999', 2)]);
    expect(again.store.getState().property).toEqual({ data: property(), twimlToken: 'twiml-1' });
    expect(again.database.parts.queue).toHaveLength(2);
    expect([storage.getItem(KEY('accessQueue')), storage.getItem(KEY('property'))]).toEqual([null, null]);
  });

  it('a page whose database could not be read keeps its queue in localStorage, says so, and a later page sends both', async () => {
    const { storage, load } = panel();
    const first = await load();
    first.store.dispatch(accessRequestQueued(request('10001', 1)));
    expect(await first.flush()).toBe(true);
    first.store.dispose();

    const unread = openPersistedStore(storage, (getState) => createTestServices(() => getState().session.token ?? 'test-token'), {
      unread: 'TimeoutError: The database did not start a read within 3000 ms',
    }, LATER_LISTENERS);
    onTestFinished(() => unread.store.dispose());
    unread.store.dispatch(accessRequestQueued(request('10002', 2)));
    expect(await unread.flush()).toBe(true);
    expect(JSON.parse(storage.getItem(KEY('accessQueue'))!)).toMatchObject({ state: { items: [request('10002', 2)] } });
    await vi.waitFor(() => expect(logMessages()).toContain('The database could not be read; this page keeps everything in localStorage'));
    unread.store.dispose();

    const again = await load();
    expect(selectQueuedAccessRequests(again.store.getState())).toEqual([request('10001', 1), request('10002', 2)]);
  });

  it("a reload right after a code's key press, before the frame its request waits for, still stores the request", async () => {
    const { load } = panel();
    const first = await load();
    first.store.dispatch(propertyLoaded({ data: property(), twimlToken: 'twiml-1' }));
    first.services.afterPaint.hold();
    first.store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    expect(selectQueuedAccessRequests(first.store.getState())).toEqual([]);
    // What the page does before it reloads (main.tsx's beforeReload).
    expect(await first.flush()).toBe(true);
    first.store.dispose();

    const again = await load();
    expect(selectQueuedAccessRequests(again.store.getState())).toEqual([{ user_code: '10001', access_granted: true, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect(again.database.parts.queue).toHaveLength(1);
  });

  it('an acknowledged batch deletes its own records only; what was queued meanwhile stays', async () => {
    const { load } = panel();
    const first = await load();
    const batch = [request('10001', 1), request('10002', 2), request('10003', 3)];
    batch.forEach((item) => first.store.dispatch(accessRequestQueued(item)));
    await first.flush();
    first.store.dispatch(accessRequestQueued(request('10004', 4)));
    first.store.dispatch(accessRequestsAccepted({ sent: batch, echoed: [batch[0]!, batch[2]!] }));
    await first.flush();
    first.store.dispose();

    const again = await load();
    expect(again.database.parts.queue.map((record) => record.value)).toEqual([request('10002', 2), request('10004', 4)]);
  });

  it('moves what an older kiosk queued in localStorage into the database, once, and then removes its item', async () => {
    const { storage, load } = panel();
    storage.setItem(KEY('accessQueue'), JSON.stringify({ version: 2, state: { items: [request('10001', 1), request('10002', 2)] } }));
    storage.setItem(KEY('property'), JSON.stringify({ version: 2, state: { data: rawProperty(), twimlToken: 'old' } }));
    const first = await load();
    expect(selectQueuedAccessRequests(first.store.getState())).toEqual([request('10001', 1), request('10002', 2)]);
    expect(await first.flush()).toBe(true);
    await vi.waitFor(() => expect(storage.getItem(KEY('accessQueue'))).toBeNull());
    expect(storage.getItem(KEY('property'))).toBeNull();
    first.store.dispose();

    // A crash before the item went would leave both copies: each request is still kept once.
    storage.setItem(KEY('accessQueue'), JSON.stringify({ version: 2, state: { items: [request('10001', 1), request('10003', 3)] } }));
    const again = await load();
    expect(selectQueuedAccessRequests(again.store.getState())).toEqual([request('10001', 1), request('10002', 2), request('10003', 3)]);
    expect(again.store.getState().property.twimlToken).toBe('old');
  });

  it('a record that cannot be read is logged whole and deleted; the others are kept', async () => {
    const { factory, load } = panel();
    const store = (await openIndexedStore(factory))!;
    await store.updateQueue([request('10001', 1), { user_code: 12, access_granted: 'perhaps' }, request('10002', 2)], []);
    store.close();
    const first = await load();
    expect(selectQueuedAccessRequests(first.store.getState())).toEqual([request('10001', 1), request('10002', 2)]);
    await first.flush();
    await vi.waitFor(() => expect(logMessages()).toContain('Stored state could not all be read back; those parts were reset'));
    first.store.dispose();
    expect((await load()).database.parts.queue).toHaveLength(2);
  });

  it('keeps 2,500 residents as pieces of 1,000, each a record, read back with the codes stored beside them; an unreadable resident is dropped alone and logged', async () => {
    const { factory, load } = panel();
    const first = await load();
    const data = parsePropertyResponse(rawPropertyWith(2500)).data;
    const version = { etag: '"v1"', fingerprint: null, size: 1 };
    first.store.dispatch(propertyLoaded({ data, twimlToken: 'twiml-1', version }));
    expect(await first.flush()).toBe(true);
    first.store.dispose();

    const raw = (await openIndexedStore(factory))!;
    const { parts } = await raw.read();
    expect(Object.keys(parts).sort()).toEqual(['property', 'property#0', 'property#1', 'property#2']);
    // The codes (2,500 residents' and 2 staff codes) as one text.
    const head = parts.property as { pieces: number; codes: { standing: string }; state: { data: { residents: unknown[] } } };
    expect([head.pieces, head.state.data.residents, head.codes.standing.split('\n').length]).toEqual([3, [], 2502]);

    const again = await load();
    expect(again.store.getState().property).toEqual({ data, twimlToken: 'twiml-1', version });
    again.store.dispose();

    // Resident 1500 (the second piece's 500th) stored as no resident reads.
    const piece = parts['property#1'] as unknown[];
    await raw.putPart('property', parts.property, [parts['property#0'], piece.map((r, i) => (i === 500 ? { id: 'not an id' } : r)), parts['property#2']]);
    raw.close();
    const healed = await load();
    const read = healed.store.getState().property;
    expect(read.data?.residents).toHaveLength(2499);
    expect(read.data?.residents.some((r) => r.directory_display_name === 'Resident 1500')).toBe(false);
    // No longer the answer it came from: the next load asks for the property in full.
    expect(selectPropertyVersion(healed.store.getState())).toBeNull();
    await healed.flush();
    await vi.waitFor(() => expect(requestsTo('telephone-entry/logs').map((entry) => JSON.stringify(entry.body))).toContainEqual(expect.stringContaining('property.data.residents[1500]')));
  });

  it('keeps 20,000 queued requests across a reload, and an acknowledged batch deletes only its own', async () => {
    const { factory, load } = panel();
    const many = Array.from({ length: 20_000 }, (_, index) => request(String(10000 + index), index % 60));
    const store = (await openIndexedStore(factory))!;
    await store.updateQueue(many, []);
    store.close();
    const first = await load();
    expect(selectQueuedAccessRequests(first.store.getState())).toEqual(many);
    // The kiosk sends the queue's own items, and the server echoes copies of them.
    const batch = selectQueuedAccessRequests(first.store.getState()).slice(0, 500);
    first.store.dispatch(accessRequestsAccepted({ sent: batch, echoed: many.slice(0, 500) }));
    expect(await first.flush()).toBe(true);
    first.store.dispose();
    expect(selectQueuedAccessRequests((await load()).store.getState())).toEqual(many.slice(500));
  });
});

describe('a start that renders before the database is read', () => {
  /** A page load as main.tsx makes it: the store at once, the database's parts handed over when `read` is called. */
  async function startBeforeRead({ storage, factory }: ReturnType<typeof panel>, later: readonly Listen[] | Promise<readonly Listen[]> = LATER_LISTENERS) {
    const indexed = (await openIndexedStore(factory))!;
    let read!: () => Promise<void>;
    const database = new Promise<OpenedDatabase>((resolve) => (read = async () => resolve({ store: indexed, parts: await indexed.read() })));
    const opened = openPersistedStore(storage, (getState) => createTestServices(() => getState().session.token ?? 'test-token'), database, later);
    onTestFinished(() => opened.store.dispose());
    return { ...opened, indexed, read: async () => (await read(), await opened.ready) };
  }

  /** A panel whose last page stored a property and a queued request. */
  async function panelWithQueueAndProperty() {
    const shared = panel();
    const first = await shared.load();
    first.store.dispatch(propertyLoaded({ data: property(), twimlToken: 'twiml-1' }));
    first.store.dispatch(accessRequestQueued(request('10001', 1)));
    expect(await first.flush()).toBe(true);
    first.store.dispose();
    return shared;
  }

  it("starts on the property core (no directory yet); the stored queue and property join once read, a request queued meanwhile after them, nothing rewritten", async () => {
    const shared = await panelWithQueueAndProperty();

    const page = await startBeforeRead(shared);
    const starting = page.store.getState();
    // Home, code entry and the gate work from the core.
    expect(selectPropertyData(starting)?.property.public_name).toBe(property().property.public_name);
    expect(selectPropertyData(starting)?.residents).toEqual([]);
    expect(isValidEnteredCode(selectValidCodes(starting), '10002')).toBe(true);
    page.store.dispatch(accessRequestQueued(request('10002', 2)));
    const puts = vi.spyOn(page.indexed, 'putPart');
    const updates = vi.spyOn(page.indexed, 'updateQueue');
    await page.read();

    expect(selectQueuedAccessRequests(page.store.getState())).toEqual([request('10001', 1), request('10002', 2)]);
    expect(page.store.getState().property).toEqual({ data: property(), twimlToken: 'twiml-1' });
    expect(await page.flush()).toBe(true);
    // Only the request queued meanwhile is written; the property data read back is not written again.
    expect(updates.mock.calls).toEqual([[[request('10002', 2)], []]]);
    expect(puts).not.toHaveBeenCalled();
    page.store.dispose();
    expect((await shared.load()).database.parts.queue.map((record) => record.value)).toEqual([request('10001', 1), request('10002', 2)]);
  });

  it('property data loaded before the stored data was read takes its place, and is stored', async () => {
    const shared = await panelWithQueueAndProperty();
    const page = await startBeforeRead(shared);
    const renamed = parsePropertyResponse(rawProperty({ property: { ...rawProperty().property, public_name: 'Birch Court' } })).data;
    page.store.dispatch(propertyLoaded({ data: renamed, twimlToken: 'twiml-2' }));
    await page.read();
    expect(selectPropertyData(page.store.getState())).toBe(renamed);
    expect(await page.flush()).toBe(true);
    page.store.dispose();
    expect(selectPropertyData((await shared.load()).store.getState())?.property.public_name).toBe('Birch Court');
  });

  it('writes a part read back clean that changed before the read, and waits for the read to flush', async () => {
    const shared = panel();
    const first = await shared.load();
    first.store.dispatch(launchParamsRead({ token: 'abc', model: 'GEN2', unknownModel: false }));
    expect(await first.flush()).toBe(true);
    first.store.dispose();

    const page = await startBeforeRead(shared);
    page.store.dispatch(launchParamsRead({ token: 'def', model: 'GEN2', unknownModel: false }));
    let flushed: boolean | null = null;
    void page.flush().then((result) => (flushed = result));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(flushed).toBeNull();
    expect(shared.storage.getItem(KEY('session'))).toContain('"abc"');
    await page.read();
    await vi.waitFor(() => expect(flushed).toBe(true));
    expect(shared.storage.getItem(KEY('session'))).toContain('"def"');
  });

  it("joins the workflows loaded after the first screen before the database's parts: they hear the stored queue and property arrive", async () => {
    const shared = await panelWithQueueAndProperty();

    const heard: string[] = [];
    const hearing: Listen = (startListening) => void startListening({ predicate: () => true, effect: (action) => void heard.push(action.type) });
    let loaded!: (listens: readonly Listen[]) => void;
    const page = await startBeforeRead(shared, new Promise((resolve) => (loaded = resolve)));
    page.store.dispatch(accessRequestQueued(request('10002', 2)));
    const reading = page.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The database is read, but its parts wait for the workflows.
    expect(selectQueuedAccessRequests(page.store.getState())).toEqual([request('10002', 2)]);
    loaded([hearing]);
    await reading;
    expect(heard.slice(0, 2)).toEqual([storedQueueRead.type, storedPropertyRead.type]);
    expect(selectQueuedAccessRequests(page.store.getState())).toEqual([request('10001', 1), request('10002', 2)]);
  });

  it('workflows whose code cannot be loaded are logged; the database joins and the first screen works on', async () => {
    const shared = panel();
    const failed = Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    failed.catch(() => undefined);
    const page = await startBeforeRead(shared, failed);
    page.store.dispatch(propertyLoaded({ data: property(), twimlToken: 'twiml-1' }));
    await page.read();
    page.store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    await vi.waitFor(() => expect(selectQueuedAccessRequests(page.store.getState())).toMatchObject([{ user_code: '10001', access_granted: true }]));
    await vi.waitFor(() => expect(logMessages()).toContain('The workflows after the first screen could not be loaded'));
  });

  it('closed before the read: the database is closed and nothing is written', async () => {
    const shared = panel();
    const page = await startBeforeRead(shared);
    const close = vi.spyOn(page.indexed, 'close');
    page.store.dispatch(accessRequestQueued(request('10001', 1)));
    page.store.dispose();
    await page.read();
    expect(close).toHaveBeenCalled();
    expect(await page.flush()).toBe(false);
  });
});

describe('storage that runs out', () => {
  it('a queue the database cannot take stays in memory, is reported once, blocks reloads, and is written once there is room', async () => {
    const { load } = panel();
    let database: ReturnType<typeof fillable> | null = null;
    const first = await load((store) => (database = fillable(store)));
    database!.full = true;
    first.store.dispatch(accessRequestQueued(request('10001', 1)));
    first.store.dispatch(accessRequestQueued(request('10002', 2)));
    // The page must not reload while these exist only in memory.
    expect(await first.flush()).toBe(false);
    expect(await first.flush()).toBe(false);
    expect(selectQueuedAccessRequests(first.store.getState())).toHaveLength(2);
    expect(selectFaults(first.store.getState())).toEqual([
      { kind: 'storage', since: expect.any(Number), detail: 'accessQueue, 2 held in memory: QuotaExceededError: The quota has been exceeded.', clearedAt: null, reported: false },
    ]);
    await vi.waitFor(() => expect(logMessages().filter((message) => message === 'Stored state could not be written; kept in memory and retried')).toHaveLength(1));

    database!.full = false;
    expect(await first.flush()).toBe(true);
    expect(selectFaults(first.store.getState())[0]?.clearedAt).toEqual(expect.any(Number));
    first.store.dispose();
    expect((await load()).database.parts.queue.map((record) => record.value)).toEqual([request('10001', 1), request('10002', 2)]);
  });

  it('the gate still opens with every code of the last good load when the property data could not be stored', async () => {
    const { storage, load } = panel();
    let database: ReturnType<typeof fillable> | null = null;
    const first = await load((store) => (database = fillable(store)));
    database!.full = true;
    first.store.dispatch(launchParamsRead({ token: 'abc', model: 'GEN2', unknownModel: false }));
    first.store.dispatch(propertyLoaded({ data: property(), twimlToken: 'twiml-1' }));
    await first.flush();
    await vi.waitFor(() => expect(logMessages()).toContain('Property data could not be stored; the back end sends it again'));
    first.store.dispose();
    // localStorage full too, to the last character.
    storage.quota = 0;

    const again = (await load()).store.getState();
    const codes = selectValidCodes(again);
    expect(['10001', '10002', '20001', '30001', '40001', '00777'].every((code) => isValidEnteredCode(codes, code))).toBe(true);
    expect(isValidHardwareCode(codes, '777')).toBe(true);
    expect(isValidEnteredCode(codes, '12345')).toBe(false);
    // Home has what it shows: the property's name and the device's flags.
    expect(selectPropertyData(again)?.property.public_name).toBe(property().property.public_name);
    expect(selectPropertyData(again)?.device).toEqual(property().device);
  });
});
