/**
 * A deadline's timer that fires this late found the page busy (a 100,000-record
 * queue read at start blocks it for seconds): the open event or the reply it
 * waits for may be queued behind it, so the wait goes on this much longer.
 */
export const BUSY_PAGE_GRACE_MS = 1000;

/**
 * Calls `onExpiry` after `ms` of time the page could have seen the awaited
 * event in: a timer over BUSY_PAGE_GRACE_MS late waits that much more.
 * Returns the canceller.
 */
export function busyAwareDeadline(now: () => number, ms: number, onExpiry: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = (waitMs: number) => {
    const due = now() + waitMs;
    timer = setTimeout(() => (now() - due > BUSY_PAGE_GRACE_MS ? arm(BUSY_PAGE_GRACE_MS) : onExpiry()), waitMs);
  };
  arm(ms);
  return () => clearTimeout(timer);
}
