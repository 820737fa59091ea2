import { hasStarted } from './startedSignal';

/**
 * The boot guard: a small classic script of its own that runs before the
 * kiosk's bundle. If the bundle cannot run on this engine (a syntax error, an
 * API the engine lacks, a script that does not load) the app never says it
 * started; then the guard loads the boot report (bootReport.ts), which tells
 * the installer what browser this is and what the kiosk needs, and the back
 * end. Only the watching is on every start's path; the report is fetched when
 * it is needed. Built to ES5 (scripts/boot-guard-build.mjs): it must run on
 * engines far older than the kiosk's floor.
 */

export interface BootGuardSettings {
  /** The boot report's script (its address in the build). */
  reportScript: string;
  /** The message's title in the build's language, shown alone if the report cannot be loaded either. */
  title: string;
}

/** The app has this long to render its first screen: the message is up within 10 s of the page's start, its loading included. */
export const BOOT_DEADLINE_MS = 8_000;
/** While the page's scripts are still downloading (a slow network), the guard waits up to this much longer. */
export const SLOW_LOAD_MS = 50_000;
const RECHECK_MS = 1_000;
const ERROR_MAX = 200;
/** Where the guard hands the first failure it saw to the report. */
export const ERROR_ATTRIBUTE = 'data-boot-error';

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

/** Loads the report with what failed; if it cannot load either (offline, no service worker), says at least that much. */
function loadReport(doc: Document, settings: BootGuardSettings, error: string | null): void {
  const script = doc.createElement('script');
  script.src = settings.reportScript;
  if (error !== null) script.setAttribute(ERROR_ATTRIBUTE, error);
  script.onerror = () => {
    const title = doc.createElement('h1');
    title.setAttribute('role', 'alert');
    title.textContent = settings.title;
    doc.body.appendChild(title);
  };
  doc.head.appendChild(script);
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
    loadReport(doc, settings, firstError);
  }

  return stop;
}
