import { createFakeLocks } from '../testing/fakeLocks';
import { createMemoryStorage } from '../testing/memoryStorage';
import { CONFIRM_MS, KIOSK_LEASE_KEY } from './kioskLease';
import { becomeOnlyKiosk, KIOSK_LOCK } from './kioskLock';

const engine = (locks: Pick<LockManager, 'request'> | undefined, storage = createMemoryStorage()) => ({ locks, storage, onLeave: vi.fn() });

describe('one kiosk per origin', () => {
  it('the first page runs at once and holds the lock for good', async () => {
    const locks = createFakeLocks();
    const onWaiting = vi.fn();
    await expect(becomeOnlyKiosk(engine(locks), onWaiting)).resolves.toBe('held');
    expect(onWaiting).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(locks.held.has(KIOSK_LOCK)).toBe(true);
  });

  it('a second page says it waits, and runs only once the first one is gone', async () => {
    const locks = createFakeLocks();
    await becomeOnlyKiosk(engine(locks), vi.fn());
    const onWaiting = vi.fn();
    let second = 'waiting';
    void becomeOnlyKiosk(engine(locks), onWaiting).then((result) => (second = result));
    await vi.waitFor(() => expect(onWaiting).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second).toBe('waiting');
    // The first page goes away: the browser releases its lock.
    locks.release(KIOSK_LOCK);
    await vi.waitFor(() => expect(second).toBe('held'));
  });

  it('without Web Locks, holds a lease in storage instead', async () => {
    vi.useFakeTimers();
    const storage = createMemoryStorage();
    const holding = becomeOnlyKiosk(engine(undefined, storage), vi.fn());
    await vi.advanceTimersByTimeAsync(CONFIRM_MS);
    await expect(holding).resolves.toBe('leased');
    expect(storage.getItem(KIOSK_LEASE_KEY)).toContain('"until"');
    vi.useRealTimers();
  });
});
