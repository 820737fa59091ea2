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

/** Starts keeping the panel's key presses (the first frame's script calls it once it has painted). */
export function keepEarlyButtons(win: Window): void {
  const buttons: Button[] = [];
  const onKeyDown = (event: KeyboardEvent) => {
    const button = keyToButton(event);
    if (!button) return;
    // As the kiosk's button source does: a panel key does nothing else (no scrolling, no page action).
    event.preventDefault();
    if (!event.repeat && buttons.length < MOST) buttons.push(button);
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

/**
 * Hands the kept presses on one at a time, each once the work the one before
 * scheduled has run: a press that changes the screen (a digit on home opens
 * code entry) makes React schedule a render through a message, and the next
 * press is posted as a message after it, so it reaches the screen that shows
 * by then, as a press typed a moment later would. Ends after the last one.
 */
export function replayEarlyButtons(buttons: readonly Button[], emit: (button: Button) => void): void {
  const channel = new MessageChannel();
  let next = 0;
  const stop = () => channel.port1.close();
  channel.port1.onmessage = () => {
    emit(buttons[next] as Button);
    next += 1;
    if (next >= buttons.length) return stop();
    // A microtask first: the render a press schedules is posted from React's own microtask.
    queueMicrotask(() => channel.port2.postMessage(null));
  };
  if (buttons.length > 0) channel.port2.postMessage(null);
  else stop();
}
