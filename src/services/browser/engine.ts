/**
 * The browser engine a panel runs, read from its user agent. The boot guard
 * (src/boot-guard/) shares this file and runs on engines too old for the
 * kiosk: only ES5 built-ins here (RegExp, indexOf, parseInt; no includes,
 * startsWith, find or Number.isFinite).
 */

/** The kinds of engine panels ship: desktop or embedded Chromium, Android's WebView, Qt's, Apple's and Linux's WebKit. */
export type EngineName = 'Chromium' | 'Android WebView' | 'Qt WebEngine' | 'Safari' | 'WebKitGTK' | 'WebKit' | 'Firefox' | 'unknown';

export interface Engine {
  name: EngineName;
  /** The engine's own version as its user agent gives it ('' when it gives none). */
  version: string;
  /** The major version of the Chromium it is built on; null for engines that are not Chromium. */
  chromium: number | null;
}

/** The oldest Chromium the kiosk runs on. WebKit runs the TOUCH model. */
export const CHROMIUM_FLOOR = 83;

/**
 * Where an engine stands against the floor: `touch-only` is WebKit (TOUCH
 * panels), `untested` an engine the kiosk is not tested on (Firefox, unknown).
 */
export type EngineSupport = 'supported' | 'touch-only' | 'below-floor' | 'untested';

function match(pattern: RegExp, text: string): string | null {
  const found = pattern.exec(text);
  return found && found[1] !== undefined ? found[1] : null;
}

/** Chromium's version: Chrome, HeadlessChrome or Chromium in the user agent (not CriOS: Chrome on iOS is WebKit). */
const CHROME = /(?:HeadlessChrome|Chrome|Chromium)\/(\d+(?:\.\d+)*)/;

export function parseEngine(userAgent: string): Engine {
  const ua = String(userAgent);
  const chrome = match(CHROME, ua);
  const chromium = chrome === null ? null : parseInt(chrome, 10);
  const qt = match(/QtWebEngine\/(\d+(?:\.\d+)*)/, ua);
  if (qt !== null) return { name: 'Qt WebEngine', version: qt, chromium };
  if (chrome !== null) {
    // An Android WebView says `; wv)` (Android 5 and later) or keeps the old browser's Version/4.0 before Chrome/.
    const webView = /Android/.test(ua) && (/; wv\)/.test(ua) || /Version\/\d/.test(ua));
    return { name: webView ? 'Android WebView' : 'Chromium', version: chrome, chromium };
  }
  const firefox = match(/Firefox\/(\d+(?:\.\d+)*)/, ua);
  if (firefox !== null) return { name: 'Firefox', version: firefox, chromium: null };
  const webKit = match(/AppleWebKit\/(\d+(?:\.\d+)*)/, ua);
  if (webKit === null) return { name: 'unknown', version: '', chromium: null };
  // Android's WebView before it was Chromium (Android 4.3 and older): its version is Android's.
  if (/Android/.test(ua)) return { name: 'Android WebView', version: match(/Android (\d+(?:\.\d+)*)/, ua) || '', chromium: null };
  const safari = match(/Version\/(\d+(?:\.\d+)*)/, ua);
  // Safari runs on Apple systems only: the same string on X11 or Linux is WebKitGTK (or WPE).
  if (/X11|Linux/.test(ua)) return { name: 'WebKitGTK', version: safari || webKit, chromium: null };
  if (safari !== null) return { name: 'Safari', version: safari, chromium: null };
  // An iOS app's web view gives no Safari version: its iOS version says which WebKit it has.
  const ios = match(/OS (\d+(?:_\d+)*) like Mac OS X/, ua);
  return { name: 'WebKit', version: ios === null ? webKit : ios.replace(/_/g, '.'), chromium: null };
}

export function engineSupport(engine: Engine): EngineSupport {
  if (engine.chromium !== null) return engine.chromium >= CHROMIUM_FLOOR ? 'supported' : 'below-floor';
  if (engine.name === 'Android WebView') return 'below-floor';
  if (engine.name === 'Safari' || engine.name === 'WebKitGTK' || engine.name === 'WebKit') return 'touch-only';
  return 'untested';
}

/** 'Android WebView 83.0.4103.106', 'Qt WebEngine 5.15.2 (Chromium 87)', 'unknown engine'. */
export function engineLabel(engine: Engine): string {
  if (engine.name === 'unknown') return 'unknown engine';
  const base = engine.version === '' ? engine.name : engine.name + ' ' + engine.version;
  return engine.name === 'Qt WebEngine' && engine.chromium !== null ? base + ' (Chromium ' + engine.chromium + ')' : base;
}

/** What log lines carry about the engine, so the back end can list the panels below the floor. */
export function engineMeta(engine: Engine): { engine: string; engineSupport: EngineSupport } {
  return { engine: engineLabel(engine), engineSupport: engineSupport(engine) };
}
