/** Where the lease is kept: the origin's localStorage, shared by its windows. */
export const KIOSK_LEASE_KEY = 'gate-kiosk.lease';
/** A lease not renewed for this long has lapsed: its window is gone (closed, crashed, frozen). */
export const LEASE_MS = 10_000;
/** The holder renews, and a waiting window looks again, this often. */
export const RENEW_MS = 3_000;
/** After writing the lease a window reads it back this much later: of two that wrote at once, the last writer holds it. */
export const CONFIRM_MS = 500;

interface Lease {
  owner: string;
  until: number;
}

interface LeaseOptions {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Called once when another window holds the lease and this one waits. */
  onWaiting: () => void;
  /** The page going away: the lease is given up at once, so a waiting window need not wait for it to lapse. */
  onLeave: (release: () => void) => void;
  now?: () => number;
  owner?: string;
}

function read(storage: LeaseOptions['storage']): Lease | null {
  try {
    const lease = JSON.parse(storage.getItem(KIOSK_LEASE_KEY) ?? 'null') as Partial<Lease> | null;
    return typeof lease?.owner === 'string' && typeof lease.until === 'number' ? { owner: lease.owner, until: lease.until } : null;
  } catch {
    return null;
  }
}

/**
 * One kiosk per origin where the engine has no Web Locks: a lease in
 * localStorage that the running window renews every 3 s. Resolves once this
 * window holds it; a second window waits (after `onWaiting`) and takes over
 * when the lease lapses (10 s without renewal) or its holder leaves. The
 * renewal runs for the page's lifetime, as a Web Lock is held for it.
 */
export function holdKioskLease({ storage, onWaiting, onLeave, now = Date.now, owner = `${now()}-${Math.random()}` }: LeaseOptions): Promise<'leased'> {
  const write = () => {
    try {
      storage.setItem(KIOSK_LEASE_KEY, JSON.stringify({ owner, until: now() + LEASE_MS }));
    } catch {
      // A full quota: read back as nobody's lease (below), the window runs.
    }
  };
  const free = () => {
    const lease = read(storage);
    return lease === null || lease.owner === owner || lease.until <= now();
  };
  return new Promise((resolve) => {
    let waiting = false;
    const attempt = () => {
      if (!free()) {
        if (!waiting) onWaiting();
        waiting = true;
        setTimeout(attempt, RENEW_MS);
        return;
      }
      write();
      setTimeout(() => {
        // Another window's write came last: it runs. Nobody's (a storage too full for
        // any lease): this one runs rather than no kiosk at all.
        const holder = read(storage)?.owner;
        if (holder !== undefined && holder !== owner) return void setTimeout(attempt, RENEW_MS);
        const renewal = setInterval(write, RENEW_MS);
        onLeave(() => {
          clearInterval(renewal);
          if (read(storage)?.owner === owner) storage.removeItem(KIOSK_LEASE_KEY);
        });
        resolve('leased');
      }, CONFIRM_MS);
    };
    attempt();
  });
}
