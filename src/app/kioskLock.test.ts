import { createFakeLocks } from '../testing/fakeLocks';
import { becomeOnlyKiosk, KIOSK_LOCK } from './kioskLock';

describe('one kiosk per origin', () => {
  it('the first page runs at once and holds the lock for good', async () => {
    const locks = createFakeLocks();
    const onWaiting = vi.fn();
    await expect(becomeOnlyKiosk(locks, onWaiting)).resolves.toBe('held');
    expect(onWaiting).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(locks.held.has(KIOSK_LOCK)).toBe(true);
  });

  it('a second page says it waits, and runs only once the first one is gone', async () => {
    const locks = createFakeLocks();
    await becomeOnlyKiosk(locks, vi.fn());
    const onWaiting = vi.fn();
    let second = 'waiting';
    void becomeOnlyKiosk(locks, onWaiting).then((result) => (second = result));
    await vi.waitFor(() => expect(onWaiting).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second).toBe('waiting');
    // The first page goes away: the browser releases its lock.
    locks.release(KIOSK_LOCK);
    await vi.waitFor(() => expect(second).toBe('held'));
  });

  it('runs without Web Locks, and says so', async () => {
    await expect(becomeOnlyKiosk(undefined, vi.fn())).resolves.toBe('unavailable');
  });
});
