import { IDBFactory } from 'fake-indexeddb';
import { createFakeLocks } from '../testing/fakeLocks';
import { createMemoryStorage } from '../testing/memoryStorage';
import { KIOSK_LOCK } from './kioskLock';
import { claimPanel, claimPanelEarly, readDatabase, takePanelClaim } from './panelClaim';
import { openIndexedStore } from './persistence/indexedStore';

/** A page's window, as far as the claim reads it: its locks, storage and database, shared with other pages of the panel through `panel`. */
function page(panel: { locks: ReturnType<typeof createFakeLocks>; indexedDB: IDBFactory }) {
  const listeners = new EventTarget();
  const win = {
    navigator: { locks: panel.locks },
    localStorage: createMemoryStorage(),
    indexedDB: panel.indexedDB,
    addEventListener: listeners.addEventListener.bind(listeners),
    performance,
  };
  return win as unknown as Window;
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

  it('without a database, the kiosk keeps everything in localStorage (null)', async () => {
    const shared = panel();
    const win = page(shared);
    Object.defineProperty(win, 'indexedDB', { value: undefined });
    await expect(claimPanel(win).opened).resolves.toBeNull();
  });
});
