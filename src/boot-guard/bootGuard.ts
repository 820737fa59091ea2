import { parseEngine } from '../services/browser/engine';
import { sendBootFailure, showBootFailure, type GuardStrings } from './bootReport';
import { hasStarted } from './startedSignal';

/**
 * The boot guard: a classic script of its own that runs before the kiosk's
 * bundle. If the bundle cannot run on this engine (a syntax error, an API the
 * engine lacks, a script that does not load) the app never says it started,
 * and instead of a blank page or 'Loading...' for ever the installer reads
 * what browser this is and what the kiosk needs, and the back end gets one
 * log line. Built to ES5 (scripts/boot-guard-build.mjs): it must run on
 * engines far older than the kiosk's floor.
 */

export interface BootGuardSettings {
  /** The back end's origin (VITE_API_URL). */
  apiUrl: string;
  /** The message in the build's language: the guard cannot know the device record's. */
  strings: GuardStrings;
}

/** The app has this long to render its first screen: the message is up within 10 s of the page's start, its loading included. */
export const BOOT_DEADLINE_MS = 8_000;
/** While the page's scripts are still downloading (a slow network), the guard waits up to this much longer. */
export const SLOW_LOAD_MS = 50_000;
const RECHECK_MS = 1_000;
const ERROR_MAX = 200;

/** A few words on what failed: the error's name and message, or the script that did not load. */
function describeFailure(event: Event): string | null {
  const target = event.target as HTMLScriptElement | null;
  if (target && target.tagName === 'SCRIPT') return 'script not loaded: ' + target.src.replace(/[?#].*$/, '');
  if (target && target.tagName) return null;
  const error: unknown = 'reason' in event ? (event as PromiseRejectionEvent).reason : (event as ErrorEvent).error;
  if (error instanceof Error) return (error.name + ': ' + error.message).slice(0, ERROR_MAX);
  const message = 'message' in event ? (event as ErrorEvent).message : String(error);
  return String(message).slice(0, ERROR_MAX);
}

/** Starts the guard; returns a function that stops it (it also stops by itself at the deadline). */
export function startBootGuard(win: Window & typeof globalThis, settings: BootGuardSettings): () => void {
  const doc = win.document;
  let firstError: string | null = null;
  const giveUpAt = Date.now() + BOOT_DEADLINE_MS + SLOW_LOAD_MS;
  let timer = win.setTimeout(check, BOOT_DEADLINE_MS);

  function noteError(event: Event) {
    if (firstError === null) firstError = describeFailure(event);
  }
  // Capturing: a script that fails to load fires its error on the element, which does not bubble.
  win.addEventListener('error', noteError, true);
  win.addEventListener('unhandledrejection', noteError);

  function stop() {
    win.clearTimeout(timer);
    win.removeEventListener('error', noteError, true);
    win.removeEventListener('unhandledrejection', noteError);
  }

  function check() {
    if (hasStarted(doc)) return stop();
    // The bundle has not even been run yet: a slow download, not a failure (unless something already failed).
    if (doc.readyState === 'loading' && firstError === null && Date.now() < giveUpAt) {
      timer = win.setTimeout(check, RECHECK_MS);
      return;
    }
    stop();
    const failure = { engine: parseEngine(win.navigator.userAgent), error: firstError };
    showBootFailure(doc, failure, settings.strings);
    sendBootFailure(win, settings.apiUrl, failure);
  }

  return stop;
}
