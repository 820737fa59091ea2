import { screen } from '@testing-library/react';
import { withFakeTimers } from '../testing/fakeTimers';
import { BOOT_DEADLINE_MS, ERROR_ATTRIBUTE, SLOW_LOAD_MS, startBootGuard } from './bootGuard';
import { announceStarted } from './startedSignal';

withFakeTimers();

const REPORT = '/assets/boot-report-0123456789.js';
const TITLE = 'The kiosk cannot start in this browser';

/** A page as index.html makes it, guarded from its first line. */
function guardedPage() {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  document.documentElement.removeAttribute('data-kiosk-started');
  const stop = startBootGuard(window, { reportScript: REPORT, title: TITLE });
  onTestFinished(stop);
}

/** The report's script element, once the guard has asked for it. */
const reportScript = () => document.head.querySelector<HTMLScriptElement>(`script[src="${REPORT}"]`);
const bundleThrows = (error: Error) => window.dispatchEvent(new ErrorEvent('error', { error, message: `Uncaught ${error.name}: ${error.message}` }));

describe('the boot guard', () => {
  it('loads nothing when the app starts in time, and stops listening', async () => {
    guardedPage();
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS - 1_000);
    announceStarted(document);
    // An error after the start is the app's own business (it logs it itself).
    bundleThrows(new TypeError('late'));
    await vi.advanceTimersByTimeAsync(SLOW_LOAD_MS * 2);
    expect(reportScript()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('loads the report at the deadline with the first error it saw, once', async () => {
    guardedPage();
    bundleThrows(new TypeError('Object.hasOwn is not a function'));
    bundleThrows(new SyntaxError('a later error'));
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS - 1);
    expect(reportScript()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(reportScript()?.getAttribute(ERROR_ATTRIBUTE)).toBe('TypeError: Object.hasOwn is not a function');
    await vi.advanceTimersByTimeAsync(SLOW_LOAD_MS * 2);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('names a script that did not load, and a rejected promise', async () => {
    guardedPage();
    const script = document.createElement('script');
    script.src = '/assets/index-abc123.js?v=2';
    document.body.appendChild(script);
    script.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS);
    expect(reportScript()?.getAttribute(ERROR_ATTRIBUTE)).toBe(`script not loaded: ${window.location.origin}/assets/index-abc123.js`);

    guardedPage();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new RangeError('no') }));
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS);
    expect(reportScript()?.getAttribute(ERROR_ATTRIBUTE)).toBe('RangeError: no');
  });

  it('waits while the scripts are still downloading, up to a minute', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    guardedPage();
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS + SLOW_LOAD_MS - 1_000);
    expect(reportScript()).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reportScript()).not.toBeNull();
    expect(reportScript()?.hasAttribute(ERROR_ATTRIBUTE)).toBe(false);

    // A slow download that ends in a start loads nothing.
    guardedPage();
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS + 5_000);
    readyState.mockReturnValue('interactive');
    announceStarted(document);
    await vi.advanceTimersByTimeAsync(SLOW_LOAD_MS);
    expect(reportScript()).toBeNull();
  });

  it('says at least the title when the report cannot be loaded either', async () => {
    guardedPage();
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS);
    reportScript()!.dispatchEvent(new Event('error'));
    expect(screen.getByRole('alert')).toHaveTextContent(TITLE);
  });
});
