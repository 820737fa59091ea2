import { createMemoryStorage } from '../testing/memoryStorage';
import { withFakeTimers } from '../testing/fakeTimers';
import { CONFIRM_MS, holdKioskLease, KIOSK_LEASE_KEY, LEASE_MS, RENEW_MS } from './kioskLease';

/** A window of the kiosk on `storage`: its lease's outcome, and its page leaving. */
function openWindow(storage: Storage, owner: string) {
  const onWaiting = vi.fn();
  let leave = () => undefined as void;
  const window = { owner, onWaiting, state: 'starting' as 'starting' | 'leased', leave: () => leave() };
  void holdKioskLease({ storage, owner, onWaiting, onLeave: (release) => void (leave = release) }).then((state) => (window.state = state));
  return window;
}

const holder = (storage: Storage) => (JSON.parse(storage.getItem(KIOSK_LEASE_KEY) ?? 'null') as { owner: string } | null)?.owner;

describe('the kiosk lease (one kiosk per origin without Web Locks)', () => {
  withFakeTimers();

  it('the first window takes the lease and keeps renewing it', async () => {
    const storage = createMemoryStorage();
    const first = openWindow(storage, 'first');
    await vi.advanceTimersByTimeAsync(CONFIRM_MS);
    expect(first.state).toBe('leased');
    expect(first.onWaiting).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LEASE_MS * 3);
    // Still renewed, so still its own long after one lease's length.
    expect(holder(storage)).toBe('first');
    expect(JSON.parse(storage.getItem(KIOSK_LEASE_KEY)!).until).toBeGreaterThan(Date.now());
  });

  it('a second window waits as long as the first renews', async () => {
    const storage = createMemoryStorage();
    openWindow(storage, 'first');
    await vi.advanceTimersByTimeAsync(CONFIRM_MS);
    const second = openWindow(storage, 'second');
    await vi.advanceTimersByTimeAsync(LEASE_MS * 3);
    expect(second.onWaiting).toHaveBeenCalledTimes(1);
    expect(second.state).toBe('starting');
    expect(holder(storage)).toBe('first');
  });

  it('takes over the lease of a window that stopped renewing once it lapses', async () => {
    const storage = createMemoryStorage();
    // Written by a window that froze or crashed: never renewed again, never given up.
    storage.setItem(KIOSK_LEASE_KEY, JSON.stringify({ owner: 'frozen', until: Date.now() + LEASE_MS }));
    const next = openWindow(storage, 'next');
    await vi.advanceTimersByTimeAsync(LEASE_MS - 1);
    expect(next.onWaiting).toHaveBeenCalledTimes(1);
    expect(next.state).toBe('starting');
    await vi.advanceTimersByTimeAsync(RENEW_MS + CONFIRM_MS);
    expect(next.state).toBe('leased');
    expect(holder(storage)).toBe('next');
  });

  it('a window that leaves gives the lease up at once: the waiting one runs at its next look', async () => {
    const storage = createMemoryStorage();
    const first = openWindow(storage, 'first');
    await vi.advanceTimersByTimeAsync(CONFIRM_MS);
    const second = openWindow(storage, 'second');
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(second.state).toBe('starting');
    first.leave();
    await vi.advanceTimersByTimeAsync(RENEW_MS + CONFIRM_MS);
    expect(second.state).toBe('leased');
  });

  it('of two windows that both found the lease free, only the last writer runs', async () => {
    const storage = createMemoryStorage();
    const first = openWindow(storage, 'first');
    // The other window read the lease before the first one's write reached it, and writes its own now.
    storage.setItem(KIOSK_LEASE_KEY, JSON.stringify({ owner: 'second', until: Date.now() + LEASE_MS }));
    const second = openWindow(storage, 'second');
    await vi.advanceTimersByTimeAsync(CONFIRM_MS);
    expect([first.state, second.state]).toEqual(['starting', 'leased']);
    await vi.advanceTimersByTimeAsync(LEASE_MS * 2);
    expect(first.state).toBe('starting');
    expect(first.onWaiting).toHaveBeenCalledTimes(1);
    expect(holder(storage)).toBe('second');
  });

  it('a storage too full for the lease still gets its kiosk', async () => {
    const first = openWindow(createMemoryStorage(0), 'first');
    await vi.advanceTimersByTimeAsync(CONFIRM_MS);
    expect(first.state).toBe('leased');
  });

  it('a lease it cannot read is no lease', async () => {
    const storage = createMemoryStorage();
    storage.setItem(KIOSK_LEASE_KEY, '{not json');
    const first = openWindow(storage, 'first');
    await vi.advanceTimersByTimeAsync(CONFIRM_MS);
    expect(first.state).toBe('leased');
  });
});
