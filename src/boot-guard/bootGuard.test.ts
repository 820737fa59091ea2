import { screen } from '@testing-library/react';
import { storageKey } from '../app/persistence/loadStoredState';
import { sessionStored } from '../features/session/sessionStored';
import { API_URL, requestsTo, withApiServer } from '../testing/apiServer';
import { withFakeTimers } from '../testing/fakeTimers';
import { BOOT_DEADLINE_MS, SLOW_LOAD_MS, startBootGuard } from './bootGuard';
import en from '../strings/bootGuard.en.json';
import es from '../strings/bootGuard.es.json';
import { announceStarted } from './startedSignal';

withApiServer();
withFakeTimers();

const WEBVIEW_70 =
  'Mozilla/5.0 (Linux; Android 8.1.0; RK3288 Build/OPM8.190605.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/70.0.3538.110 Safari/537.36';
const CHROMIUM_110 = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/110.0.5478.0 Safari/537.36';

/** A page as index.html makes it, guarded from its first line, with this engine and address. */
function guardedPage({ userAgent = CHROMIUM_110, search = '?token=panel-token&model=GEN2', strings = en }: { userAgent?: string; search?: string; strings?: typeof en } = {}) {
  document.body.innerHTML = '<div id="root"></div>';
  document.documentElement.removeAttribute('data-kiosk-started');
  window.history.replaceState(null, '', `/${search}`);
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const stop = startBootGuard(window, { apiUrl: API_URL, strings });
  onTestFinished(stop);
}

const logLines = () => requestsTo('telephone-entry/logs');
const bundleThrows = (error: Error) => window.dispatchEvent(new ErrorEvent('error', { error, message: `Uncaught ${error.name}: ${error.message}` }));

describe('the boot guard', () => {
  it('says nothing when the app starts in time, and stops listening', async () => {
    guardedPage();
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS - 1_000);
    announceStarted(document);
    // An error after the start is the app's own business (it logs it itself).
    bundleThrows(new TypeError('late'));
    await vi.advanceTimersByTimeAsync(SLOW_LOAD_MS * 2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.getElementById('root')).toBeVisible();
    expect(logLines()).toEqual([]);
  });

  it('shows the engine and the floor at 10 s when the bundle failed, and sends one line with the token from the address', async () => {
    guardedPage();
    bundleThrows(new TypeError('Object.hasOwn is not a function'));
    bundleThrows(new SyntaxError('a later error'));
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS - 1);
    const deadline = new Date(Date.now() + 1).toISOString();
    expect(screen.queryByRole('alert')).toBeNull();
    await vi.advanceTimersByTimeAsync(1);

    const message = screen.getByRole('alert');
    expect(screen.getByRole('heading')).toHaveTextContent('The kiosk cannot start in this browser');
    expect(message).toHaveTextContent('Browser engine: Chromium 110.0.5478.0');
    expect(message).toHaveTextContent('The kiosk needs Chromium 83 or newer');
    expect(message).toHaveTextContent('What failed: TypeError: Object.hasOwn is not a function.');
    expect(document.getElementById('root')).not.toBeVisible();
    await vi.waitFor(() => expect(logLines()).toHaveLength(1));
    expect(logLines()[0]).toMatchObject({
      method: 'POST',
      authorization: 'Bearer panel-token',
      body: {
        message: 'The kiosk did not start in this browser',
        meta: {
          feature: 'boot-guard',
          engine: 'Chromium 110.0.5478.0',
          engineSupport: 'supported',
          error: 'TypeError: Object.hasOwn is not a function',
          userAgent: CHROMIUM_110,
        },
        timestamp: deadline,
      },
    });
    await vi.advanceTimersByTimeAsync(SLOW_LOAD_MS * 2);
    expect(logLines()).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('tells an engine below the floor to be updated', async () => {
    guardedPage({ userAgent: WEBVIEW_70 });
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS);
    expect(screen.getByRole('alert')).toHaveTextContent('Browser engine: Android WebView 70.0.3538.110');
    expect(screen.getByRole('alert')).toHaveTextContent("This browser is older than that: update the panel's browser");
    await vi.waitFor(() => expect(logLines()[0]?.body).toMatchObject({ meta: { engineSupport: 'below-floor', error: null } }));
  });

  it('names a script that did not load', async () => {
    guardedPage();
    const script = document.createElement('script');
    script.src = '/assets/index-abc123.js?v=2';
    document.head.appendChild(script);
    script.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS);
    expect(screen.getByRole('alert')).toHaveTextContent(`What failed: script not loaded: ${window.location.origin}/assets/index-abc123.js.`);
    script.remove();
  });

  it('uses the token the app stored when the address has none, and sends nothing without one', async () => {
    window.localStorage.setItem(storageKey(sessionStored.key), JSON.stringify({ version: sessionStored.version, state: { token: 'stored-token', model: 'TOUCH' } }));
    guardedPage({ search: '' });
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS);
    await vi.waitFor(() => expect(logLines().map((line) => line.authorization)).toEqual(['Bearer stored-token']));

    window.localStorage.clear();
    guardedPage({ search: '?model=GEN2' });
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(logLines()).toHaveLength(1);
  });

  it('waits while the scripts are still downloading, up to a minute', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    guardedPage();
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS + SLOW_LOAD_MS - 1_000);
    expect(screen.queryByRole('alert')).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(screen.getByRole('alert')).toHaveTextContent("What failed: the kiosk's scripts did not run.");

    // A slow download that ends in a start says nothing.
    guardedPage();
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS + 5_000);
    readyState.mockReturnValue('interactive');
    announceStarted(document);
    await vi.advanceTimersByTimeAsync(SLOW_LOAD_MS);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("speaks the build's language", async () => {
    guardedPage({ strings: es });
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS);
    expect(screen.getByRole('heading')).toHaveTextContent('El quiosco no puede iniciarse en este navegador');
  });
});
