import { screen } from '@testing-library/react';
import { storageKey } from '../app/persistence/storageKey';
import { sessionStored } from '../features/session/sessionStored';
import { API_URL, requestsTo, withApiServer } from '../testing/apiServer';
import en from '../strings/bootGuard.en.json';
import es from '../strings/bootGuard.es.json';
import { reportBootFailure } from './bootReport';

withApiServer();

const WEBVIEW_70 =
  'Mozilla/5.0 (Linux; Android 8.1.0; RK3288 Build/OPM8.190605.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/70.0.3538.110 Safari/537.36';
const CHROMIUM_110 = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/110.0.5478.0 Safari/537.36';

/** The report, loaded by the guard on a page as index.html makes it, with this engine and address. */
function report(error: string | null, { userAgent = CHROMIUM_110, search = '?token=panel-token&model=GEN2', strings = en } = {}) {
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', `/${search}`);
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  reportBootFailure(window, { apiUrl: API_URL, strings }, error);
}

const logLines = () => requestsTo('telephone-entry/logs');

describe('the boot report', () => {
  it('shows the engine, the floor and what failed instead of the app, and sends one line with the token from the address', async () => {
    const before = Date.now();
    report('TypeError: Object.hasOwn is not a function');

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
      },
    });
    expect(Date.parse(String((logLines()[0]!.body as { timestamp: string }).timestamp))).toBeGreaterThanOrEqual(before);
  });

  it('tells an engine below the floor to be updated', async () => {
    report(null, { userAgent: WEBVIEW_70 });
    expect(screen.getByRole('alert')).toHaveTextContent('Browser engine: Android WebView 70.0.3538.110');
    expect(screen.getByRole('alert')).toHaveTextContent("This browser is older than that: update the panel's browser");
    await vi.waitFor(() => expect(logLines()[0]?.body).toMatchObject({ meta: { engineSupport: 'below-floor', error: null } }));
  });

  it('says the scripts did not run when the guard saw no error', () => {
    report(null);
    expect(screen.getByRole('alert')).toHaveTextContent("What failed: the kiosk's scripts did not run.");
  });

  it('uses the token the app stored when the address has none, and sends nothing without one', async () => {
    window.localStorage.setItem(storageKey(sessionStored.key), JSON.stringify({ version: sessionStored.version, state: { token: 'stored-token', model: 'TOUCH' } }));
    report(null, { search: '' });
    await vi.waitFor(() => expect(logLines().map((line) => line.authorization)).toEqual(['Bearer stored-token']));

    window.localStorage.clear();
    report(null, { search: '?model=GEN2' });
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logLines()).toHaveLength(1);
  });

  it("speaks the build's language", () => {
    report(null, { strings: es });
    expect(screen.getByRole('heading')).toHaveTextContent('El quiosco no puede iniciarse en este navegador');
  });
});
