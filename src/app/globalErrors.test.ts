import { requestsTo, withApiServer } from '../testing/apiServer';
import { createTestServices } from '../testing/fakeServices';
import { logUncaughtErrors, UNCAUGHT_LOG_LIMIT } from './globalErrors';

withApiServer();

const logged = () => requestsTo('telephone-entry/logs').filter((r) => r.body !== null).map((r) => r.body as { message: string; meta: Record<string, unknown> });

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason, promise: Promise.resolve() });
}

describe('uncaught errors', () => {
  it('sends window errors and unhandled rejections to the back-end log', async () => {
    const stop = logUncaughtErrors(window, createTestServices().logger);
    onTestFinished(stop);
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', filename: 'http://kiosk/app.js', lineno: 3, colno: 9, error: new TypeError('boom') }));
    window.dispatchEvent(rejection(new Error('no answer')));
    window.dispatchEvent(rejection('plain reason'));
    await vi.waitFor(() => expect(logged()).toHaveLength(3));
    expect(logged()).toEqual([
      expect.objectContaining({ message: 'Uncaught error', meta: expect.objectContaining({ message: 'boom', source: 'http://kiosk/app.js', line: 3, column: 9 }) }),
      expect.objectContaining({ message: 'Unhandled promise rejection', meta: expect.objectContaining({ message: 'no answer' }) }),
      expect.objectContaining({ message: 'Unhandled promise rejection', meta: { reason: 'plain reason' } }),
    ]);
  });

  it('does not send a rejection another listener marked as handled, before or after its own', async () => {
    const handle = (event: Event) => {
      if ((event as PromiseRejectionEvent).reason === 'handled') event.preventDefault();
    };
    window.addEventListener('unhandledrejection', handle, true);
    const stop = logUncaughtErrors(window, createTestServices().logger);
    window.addEventListener('unhandledrejection', handle);
    onTestFinished(() => {
      stop();
      window.removeEventListener('unhandledrejection', handle, true);
      window.removeEventListener('unhandledrejection', handle);
    });
    window.dispatchEvent(rejection('handled'));
    window.dispatchEvent(rejection('not handled'));
    await vi.waitFor(() => expect(logged()).toHaveLength(1));
    expect(logged()).toEqual([expect.objectContaining({ meta: { reason: 'not handled' } })]);
  });

  it('sends at most 50 lines a page, and nothing once stopped', async () => {
    const stop = logUncaughtErrors(window, createTestServices().logger);
    for (let i = 0; i < 80; i += 1) window.dispatchEvent(rejection(`loop ${i}`));
    stop();
    window.dispatchEvent(rejection('after stop'));
    await vi.waitFor(() => expect(logged()).toHaveLength(UNCAUGHT_LOG_LIMIT));
    expect(UNCAUGHT_LOG_LIMIT).toBe(50);
    expect(JSON.stringify(logged())).not.toContain('after stop');
  });
});
