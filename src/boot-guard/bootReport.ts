import type en from '../strings/bootGuard.en.json';
import { CHROMIUM_FLOOR, engineLabel, engineMeta, engineSupport, parseEngine, type Engine } from '../services/browser/engine';

// The boot report: the boot guard (bootGuard.ts) loads it when the app did not
// start. ES5 only, like the guard (see engine.ts).

/** The message in one language (src/strings/bootGuard.*.json): the build puts only its own language in the guard. */
export type GuardStrings = typeof en;
type GuardKey = keyof GuardStrings;

export interface BootReportSettings {
  /** The back end's origin (VITE_API_URL). */
  apiUrl: string;
  /** The message in the build's language: the report cannot know the device record's. */
  strings: GuardStrings;
}

/** What the guard found when the app did not start. */
export interface BootFailure {
  engine: Engine;
  /** The first uncaught error or script that failed to load before the deadline; null if none was seen. */
  error: string | null;
}

/** The back end's log endpoint takes one line; this long at most, then it is given up. */
const LOG_TIMEOUT_MS = 10_000;
const SESSION_KEY = 'gate-kiosk:session';

function text(strings: GuardStrings, key: GuardKey, params?: Record<string, string | number>): string {
  return strings[key].replace(/\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
}

/** Replaces whatever the page shows with a plain message for the installer. */
export function showBootFailure(doc: Document, failure: BootFailure, strings: GuardStrings): void {
  const message = doc.createElement('main');
  // The setup message's look (styles.css), when the kiosk's styles loaded at all.
  message.className = 'splash installer';
  message.setAttribute('role', 'alert');
  const lines: Array<[string, string]> = [
    ['h1', text(strings, 'boot.title')],
    ['p', text(strings, 'boot.engine', { engine: engineLabel(failure.engine) })],
    ['p', text(strings, 'boot.floor', { floor: CHROMIUM_FLOOR })],
    [
      'p',
      engineSupport(failure.engine) === 'below-floor'
        ? text(strings, 'boot.belowFloor')
        : text(strings, 'boot.failed', { error: failure.error === null ? text(strings, 'boot.unknownFailure') : failure.error }),
    ],
  ];
  for (let i = 0; i < lines.length; i += 1) {
    const line = doc.createElement(lines[i]![0]);
    line.textContent = lines[i]![1];
    message.appendChild(line);
  }
  const root = doc.getElementById('root');
  if (root) root.style.display = 'none';
  doc.body.appendChild(message);
}

/** The panel's token: in the address (the app never ran to store it), else as the app stored it (docs/stored-state.md). */
export function readToken(win: Window): string | null {
  const query = /[?&]token=([^&#]*)/.exec(win.location.search);
  if (query && query[1]) return decodeURIComponent(query[1].replace(/\+/g, ' '));
  try {
    const stored = JSON.parse(win.localStorage.getItem(SESSION_KEY) || 'null');
    const token = stored && stored.state ? stored.state.token : null;
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    return null;
  }
}

/** One line to the back end's log, when the panel has a token; nothing is retried. */
export function sendBootFailure(win: Window & typeof globalThis, apiUrl: string, failure: BootFailure): void {
  const token = readToken(win);
  if (token === null) return;
  const meta = engineMeta(failure.engine);
  const line = {
    message: 'The kiosk did not start in this browser',
    meta: { feature: 'boot-guard', engine: meta.engine, engineSupport: meta.engineSupport, error: failure.error, userAgent: win.navigator.userAgent },
    timestamp: new Date().toISOString(),
  };
  const request = new win.XMLHttpRequest();
  request.open('POST', apiUrl + '/api/telephone-entry/logs');
  request.timeout = LOG_TIMEOUT_MS;
  request.setRequestHeader('Accept', 'application/json');
  request.setRequestHeader('Content-Type', 'application/json');
  request.setRequestHeader('Authorization', 'Bearer ' + token);
  request.send(JSON.stringify(line));
}

/** Shows the installer what failed on this engine, and tells the back end once. */
export function reportBootFailure(win: Window & typeof globalThis, settings: BootReportSettings, error: string | null): void {
  const failure = { engine: parseEngine(win.navigator.userAgent), error };
  showBootFailure(win.document, failure, settings.strings);
  sendBootFailure(win, settings.apiUrl, failure);
}
