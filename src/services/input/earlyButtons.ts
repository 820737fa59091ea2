import { keyToButton, type Button } from './buttons';

/**
 * Panel buttons pressed while the first frame (src/first-frame/) shows the
 * welcome and the kiosk's bundle is still starting: kept by the first frame's
 * script, handed to the kiosk's button source when a screen first listens, so
 * a digit typed the moment the welcome shows is never lost. The two scripts
 * are built apart: they meet on this property of the window.
 */
const GLOBAL = '__kioskEarlyButtons';
/** More presses than anyone types in a start: the rest are dropped rather than kept without end. */
const MOST = 32;

interface EarlyButtons {
  buttons: Button[];
  stop(): void;
}

type Holder = Window & { [GLOBAL]?: EarlyButtons };

/** Starts keeping the panel's key presses (the first frame's script calls it once it has painted); `onFirst` hears the first one kept. */
export function keepEarlyButtons(win: Window, onFirst: (button: Button) => void = () => undefined): void {
  const buttons: Button[] = [];
  const onKeyDown = (event: KeyboardEvent) => {
    const button = keyToButton(event);
    if (!button) return;
    // As the kiosk's button source does: a panel key does nothing else (no scrolling, no page action).
    event.preventDefault();
    if (event.repeat || buttons.length >= MOST) return;
    buttons.push(button);
    if (buttons.length === 1) onFirst(button);
  };
  win.addEventListener('keydown', onKeyDown);
  (win as Holder)[GLOBAL] = { buttons, stop: () => win.removeEventListener('keydown', onKeyDown) };
}

/** Whether the first frame painted the welcome (and keeps the presses). */
export function hasEarlyButtons(win: Window): boolean {
  return (win as Holder)[GLOBAL] !== undefined;
}

/** The presses kept so far, oldest first; stops keeping them. Empty where the first frame did not paint. */
export function takeEarlyButtons(win: Window): Button[] {
  const early = (win as Holder)[GLOBAL];
  if (!early) return [];
  early.stop();
  delete (win as Holder)[GLOBAL];
  return early.buttons;
}

/** What the button source tells a replay. */
export interface EarlyReplay {
  /** A screen started listening: the press before it has been handled. */
  screenListens(): void;
  /** Hands on no more: the presses were taken by a watcher (the installer's sequence). */
  stop(): void;
}

/** Longest wait for the page to be idle between two presses handed on. */
export const REPLAY_IDLE_TIMEOUT_MS = 500;
/** Where the engine has no requestIdleCallback (WebKit): the wait between two presses. */
export const REPLAY_GAP_MS = 50;

/**
 * Hands the kept presses on one at a time, as if each were typed once the
 * one before had been handled: the first once the first screen listens, each
 * next once a screen starts listening (a digit on home opens code entry,
 * which then gets the next one) or, when the press changed no screen, once
 * the page is idle (React has rendered what the press changed: a frame is
 * not enough, Chromium may draw two before React's task runs). Ends after
 * the last one.
 */
export function replayEarlyButtons(win: Window, buttons: readonly Button[], emit: (button: Button) => void): EarlyReplay {
  let next = 0;
  let cancelWait: (() => void) | null = null;
  const waitThen = (callback: () => void) => {
    if (typeof win.requestIdleCallback === 'function') {
      const id = win.requestIdleCallback(callback, { timeout: REPLAY_IDLE_TIMEOUT_MS });
      return () => win.cancelIdleCallback(id);
    }
    const timer = win.setTimeout(callback, REPLAY_GAP_MS);
    return () => win.clearTimeout(timer);
  };
  const handOn = () => {
    cancelWait = null;
    const button = buttons[next];
    if (button === undefined) return;
    next += 1;
    emit(button);
    if (next < buttons.length) cancelWait = waitThen(handOn);
  };
  // After the commit that subscribed: every screen of it listens by then.
  queueMicrotask(handOn);
  return {
    screenListens: () => {
      if (cancelWait === null) return;
      cancelWait();
      cancelWait = null;
      // After the commit: every screen of it listens by then.
      queueMicrotask(handOn);
    },
    stop: () => {
      cancelWait?.();
      cancelWait = null;
      next = buttons.length;
    },
  };
}
