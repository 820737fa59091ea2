import { holdKioskLease } from './kioskLease';

/** One kiosk per origin: the page holding this lock runs the effects and writes the stored state. */
export const KIOSK_LOCK = 'gate-kiosk';

interface Engine {
  /** navigator.locks, where the engine has Web Locks (Chromium 69, Safari 15.4). */
  locks: Pick<LockManager, 'request'> | undefined;
  /** For the lease that stands in for Web Locks elsewhere. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The page going away. */
  onLeave: (release: () => void) => void;
}

/**
 * Resolves once this page is the only running kiosk of its origin, and keeps
 * it so until the page goes away. A second tab or window waits, after
 * `onWaiting`, and takes over when the first one closes: so there is never a
 * second hardware socket, a queue sent twice, or a stored queue overwritten by
 * another page. With Web Locks the browser releases the lock with the page;
 * without them (an insecure context, an old engine) a lease in storage does
 * the same (kioskLease.ts).
 */
export function becomeOnlyKiosk({ locks, storage, onLeave }: Engine, onWaiting: () => void): Promise<'held' | 'leased'> {
  if (!locks) return holdKioskLease({ storage, onWaiting, onLeave });
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
