import { IDBFactory } from 'fake-indexeddb';
import { createFakeLocks } from '../testing/fakeLocks';
import { createMemoryStorage } from '../testing/memoryStorage';
import { KIOSK_LOCK } from './kioskLock';
import { claimPanel, claimPanelEarly } from './panelClaim';
import { readDatabase as readAny, takePanelClaim } from './takePanelClaim';
import { openIndexedStore, type IndexedStore } from './persistence/indexedStore';

/** A page's window, as far as the claim reads it: its locks, storage and database, shared with other pages of the panel through `panel`. */
function page(panel: { locks: ReturnType<typeof createFakeLocks>; indexedDB: IDBFactory }) {
  const listeners = new EventTarget();
  const win = {
    navigator: { locks: panel.locks },
    localStorage: createMemoryStorage(),
    indexedDB: panel.indexedDB,
    addEventListener: listeners.addEventListener.bind(listeners),
    dispatchEvent: listeners.dispatchEvent.bind(listeners),
    performance,
  };
  return win as unknown as Window;
}

/** The database as read, where the test expects it to be read. */
async function readDatabase(store: IndexedStore | null) {
  const read = await readAny(store);
  if (read && 'unread' in read) throw new Error(read.unread);
  return read;
}

/** The page leaving: into the back-forward cache (`persisted`) or for good. */
const pagehide = (win: Window, persisted: boolean) => win.dispatchEvent(Object.assign(new Event('pagehide'), { persisted }));

/** A write on `indexedDB`'s parts that never ends (its requests chained until `end`), as a page suspended in the middle of one leaves it. */
async function endlessWrite(indexedDB: IDBFactory) {
  const db = await new Promise<IDBDatabase>((resolve) => (indexedDB.open('gate-kiosk', 1).onsuccess = (event) => resolve((event.target as IDBOpenDBRequest).result)));
  const parts = db.transaction('parts', 'readwrite').objectStore('parts');
  let going = true;
  const next = (): unknown => (parts.put('held', 'property').onsuccess = () => going && next());
  next();
  return () => {
    going = false;
    db.close();
  };
}

function panel() {
  return { locks: createFakeLocks(), indexedDB: new IDBFactory() };
}

/** The database holds `request` in its queue, as the kiosk wrote it. */
async function queued(indexedDB: IDBFactory, request: unknown) {
  const store = await openIndexedStore(indexedDB);
  await store?.updateQueue([request], []);
  store?.close();
}

describe("the panel's claim (the kiosk lock, and the database opened)", () => {
  it('holds the kiosk lock and hands over what the database holds', async () => {
    const shared = panel();
    await queued(shared.indexedDB, { user_code: '12345' });
    const claim = claimPanel(page(shared));
    const database = await readDatabase(await claim.opened);
    expect(shared.locks.held.has(KIOSK_LOCK)).toBe(true);
    expect(database?.parts.queue.map(({ value }) => value)).toEqual([{ user_code: '12345' }]);
    database?.store.close();
  });

  it('a second window says it waits, reads nothing meanwhile, and reads what the first one left once it takes over', async () => {
    const shared = panel();
    const first = await readDatabase(await claimPanel(page(shared)).opened);
    const second = claimPanel(page(shared));
    const waiting = vi.fn();
    second.onWaiting(waiting);
    let database: unknown = 'not yet';
    void second.opened.then((opened) => (database = opened));
    await vi.waitFor(() => expect(waiting).toHaveBeenCalledTimes(1));
    // The first window queues a request, then goes away.
    await first?.store.updateQueue([{ user_code: '54321' }], []);
    first?.store.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(database).toBe('not yet');
    shared.locks.release(KIOSK_LOCK);
    const opened = await readDatabase(await second.opened);
    expect(opened?.parts.queue.map(({ value }) => value)).toEqual([{ user_code: '54321' }]);
    // Told late, a waiting window still hears it.
    const late = vi.fn();
    second.onWaiting(late);
    expect(late).toHaveBeenCalledTimes(1);
    opened?.store.close();
  });

  it("the bundle takes the claim the first frame's script started, once; without one it starts its own", async () => {
    const shared = panel();
    const win = page(shared);
    claimPanelEarly(win);
    const early = takePanelClaim(win);
    (await early.opened)?.close();
    expect(shared.locks.held.has(KIOSK_LOCK)).toBe(true);
    const own = takePanelClaim(win);
    expect(own).not.toBe(early);
    const waiting = vi.fn();
    own.onWaiting(waiting);
    // This window already holds the lock through the early claim: its own claim waits behind it.
    await vi.waitFor(() => expect(waiting).toHaveBeenCalledTimes(1));
  });

  it("without the first frame's claim, a claim whose code cannot be loaded fails the start's wait, and waits for nothing else", async () => {
    const win = page(panel());
    const claim = takePanelClaim(win, () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const waiting = vi.fn();
    claim.onWaiting(waiting);
    await expect(claim.held).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(claim.opened).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(waiting).not.toHaveBeenCalled();
  });

  it('a read that a write never ending holds gives up after the open timeout, saying why: the page then keeps everything in localStorage', async () => {
    const shared = panel();
    await queued(shared.indexedDB, { user_code: '12345' });
    const end = await endlessWrite(shared.indexedDB);
    onTestFinished(end);
    const store = await openIndexedStore(shared.indexedDB, 200);
    await expect(readAny(store)).resolves.toEqual({ unread: 'TimeoutError: The database did not start a read within 200 ms' });
    end();
    // Nothing was lost: a later page reads it.
    const later = await readDatabase(await openIndexedStore(shared.indexedDB));
    expect(later?.parts.queue.map(({ value }) => value)).toEqual([{ user_code: '12345' }]);
    later?.store.close();
  });

  it('a page going into the back-forward cache abandons its write under way; a page leaving for good does not', async () => {
    for (const persisted of [true, false]) {
      const shared = panel();
      const win = page(shared);
      const database = await readDatabase(await claimPanel(win).opened);
      const write = database!.store.putPart('property', { version: 3, state: 'new' }, Array.from({ length: 50 }, (_, index) => [index]));
      pagehide(win, persisted);
      const outcome = await write.then(() => 'written', (error: DOMException) => error.name);
      database!.store.close();
      const after = await readDatabase(await openIndexedStore(shared.indexedDB));
      expect([outcome, after?.parts.parts.property]).toEqual(persisted ? ['AbortError', undefined] : ['written', { version: 3, state: 'new' }]);
      after?.store.close();
    }
  });

  it('without a database, the kiosk keeps everything in localStorage (null)', async () => {
    const shared = panel();
    const win = page(shared);
    Object.defineProperty(win, 'indexedDB', { value: undefined });
    await expect(claimPanel(win).opened).resolves.toBeNull();
  });
});
