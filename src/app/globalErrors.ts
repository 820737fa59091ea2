import type { Logger } from '../services/api/remoteLogger';

/** A page stuck in an error loop sends this many lines, not one per frame. */
export const UNCAUGHT_LOG_LIMIT = 50;

/**
 * Sends errors nothing caught (window `error`) and promise rejections
 * nothing handled (`unhandledrejection`) to the back-end log, up to 50 per
 * page; a rejection another listener marked as handled (`preventDefault`,
 * whichever order the listeners run in) is not sent. Returns a function that
 * stops listening.
 */
export function logUncaughtErrors(win: Pick<Window, 'addEventListener' | 'removeEventListener'>, logger: Logger): () => void {
  let sent = 0;
  const report = (message: string, meta: unknown) => {
    if (sent >= UNCAUGHT_LOG_LIMIT) return;
    sent += 1;
    logger.error(message, meta);
  };
  const onError = (event: ErrorEvent) =>
    report('Uncaught error', {
      message: event.message,
      source: event.filename,
      line: event.lineno,
      column: event.colno,
      stack: event.error instanceof Error ? event.error.stack?.slice(0, 2000) : undefined,
    });
  const onRejection = (event: PromiseRejectionEvent) => {
    const { reason } = event as { reason: unknown };
    // Every listener has run by the next task (a browser's dispatch runs microtasks between listeners).
    setTimeout(() => {
      if (event.defaultPrevented) return;
      report('Unhandled promise rejection', reason instanceof Error ? { message: reason.message, stack: reason.stack?.slice(0, 2000) } : { reason: String(reason) });
    }, 0);
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
