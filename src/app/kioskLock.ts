/** One kiosk per origin: the page holding this lock runs the effects and writes the stored state. */
export const KIOSK_LOCK = 'gate-kiosk';

type Locks = Pick<LockManager, 'request'>;

/**
 * Resolves once this page is the only running kiosk of its origin, and keeps
 * it so until the page goes away (the browser then releases the lock). A
 * second tab or window waits, after `onWaiting`, and takes over when the
 * first one closes: so there is never a second hardware socket, a queue sent
 * twice, or a stored queue overwritten by another page. Without Web Locks
 * (an insecure context, an old browser) it resolves at once.
 */
export function becomeOnlyKiosk(locks: Locks | undefined, onWaiting: () => void): Promise<'held' | 'unavailable'> {
  if (!locks) return Promise.resolve('unavailable');
  return new Promise((resolve) => {
    const hold = () => {
      resolve('held');
      // Never settles: the lock is held for the page's lifetime.
      return new Promise<never>(() => undefined);
    };
    void locks.request(KIOSK_LOCK, { ifAvailable: true }, (lock) => {
      if (lock) return hold();
      onWaiting();
      void locks.request(KIOSK_LOCK, hold);
      return undefined;
    });
  });
}
