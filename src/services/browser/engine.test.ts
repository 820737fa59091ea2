import { engineLabel, engineSupport, parseEngine } from './engine';
import { engineOf } from './engineOf';

/** User agents as engines send them: the headless Chromiums, Debian's Chromium 156 and WebKitGTK's MiniBrowser read from the browsers themselves, the others in their published formats. */
const UA = {
  androidWebView83:
    'Mozilla/5.0 (Linux; Android 10; SM-T510 Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/83.0.4103.106 Safari/537.36',
  androidWebView70:
    'Mozilla/5.0 (Linux; Android 8.1.0; RK3288 Build/OPM8.190605.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/70.0.3538.110 Safari/537.36',
  androidBrowserKitKat: 'Mozilla/5.0 (Linux; U; Android 4.1.1; en-gb; Build/KLP) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Safari/534.30',
  headless83: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/83.0.4103.0 Safari/537.36',
  headless92: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/92.0.4512.0 Safari/537.36',
  headless110: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/110.0.5478.0 Safari/537.36',
  debianChromium156: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  androidChrome: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iPadSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iPadSafariMobile: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  iPadAppWebView: 'Mozilla/5.0 (iPad; CPU OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  webKitGtkMiniBrowser: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15',
  qtWebEngine5: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) QtWebEngine/5.15.2 Chrome/83.0.4103.122 Safari/537.36',
  qtWebEngine6: 'Mozilla/5.0 (X11; Linux aarch64) AppleWebKit/537.36 (KHTML, like Gecko) QtWebEngine/6.5.3 Chrome/108.0.5359.220 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe('the engine, from the user agent', () => {
  it.each([
    ['androidWebView83', 'Android WebView', '83.0.4103.106', 83, 'supported'],
    ['androidWebView70', 'Android WebView', '70.0.3538.110', 70, 'below-floor'],
    ['androidBrowserKitKat', 'Android WebView', '4.1.1', null, 'below-floor'],
    ['headless83', 'Chromium', '83.0.4103.0', 83, 'supported'],
    ['headless92', 'Chromium', '92.0.4512.0', 92, 'supported'],
    ['headless110', 'Chromium', '110.0.5478.0', 110, 'supported'],
    ['debianChromium156', 'Chromium', '156.0.0.0', 156, 'supported'],
    ['androidChrome', 'Chromium', '124.0.0.0', 124, 'supported'],
    ['iPadSafari', 'Safari', '17.4', null, 'touch-only'],
    ['iPadSafariMobile', 'Safari', '16.6', null, 'touch-only'],
    ['iPadAppWebView', 'WebKit', '15.7', null, 'touch-only'],
    ['webKitGtkMiniBrowser', 'WebKitGTK', '60.5', null, 'touch-only'],
    ['qtWebEngine5', 'Qt WebEngine', '5.15.2', 83, 'supported'],
    ['qtWebEngine6', 'Qt WebEngine', '6.5.3', 108, 'supported'],
    ['firefox', 'Firefox', '128.0', null, 'untested'],
  ] as const)('%s: %s %s, Chromium %s, %s', (key, name, version, chromium, support) => {
    const engine = parseEngine(UA[key]);
    expect(engine).toEqual({ name, version, chromium });
    expect(engineSupport(engine)).toBe(support);
  });

  it('puts the floor at Chromium 83: 82 is below it', () => {
    expect(engineSupport(parseEngine(UA.headless83.replace('83.0.4103.0', '82.0.4085.0')))).toBe('below-floor');
  });

  it('knows nothing of a user agent it cannot read', () => {
    expect(parseEngine('')).toEqual({ name: 'unknown', version: '', chromium: null });
    expect(parseEngine('curl/8.5.0')).toEqual({ name: 'unknown', version: '', chromium: null });
    expect(engineSupport(parseEngine(''))).toBe('untested');
  });

  it('labels an engine with its version, and a Qt WebEngine with its Chromium', () => {
    expect(engineLabel(parseEngine(UA.androidWebView83))).toBe('Android WebView 83.0.4103.106');
    expect(engineLabel(parseEngine(UA.qtWebEngine5))).toBe('Qt WebEngine 5.15.2 (Chromium 83)');
    expect(engineLabel(parseEngine(UA.iPadSafari))).toBe('Safari 17.4');
    expect(engineLabel(parseEngine(''))).toBe('unknown engine');
  });

  it('parses the browser\'s user agent once, and again only when it is another', () => {
    const first = engineOf(UA.headless110);
    expect(engineOf(UA.headless110)).toBe(first);
    expect(engineOf(UA.iPadSafari)).toEqual({ name: 'Safari', version: '17.4', chromium: null });
  });
});
