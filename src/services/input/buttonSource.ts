import { GAMEPAD_BUTTONS, keyToButton, type Button } from './buttons';
import { replayEarlyButtons, takeEarlyButtons, type EarlyReplay } from './earlyButtons';

export type ButtonHandler = (button: Button) => void;

/**
 * Turns keyboard and gamepad input into button presses. Listens only while
 * somebody is subscribed; polls gamepads only while one is connected.
 */
export interface ButtonSource {
  /** A screen's handler (the default), or a watcher that hears every press beside the screens (the installer's sequence). */
  subscribe(handler: ButtonHandler, kind?: 'screen' | 'watcher'): () => void;
  /** Drops the presses kept for the next screen and those being handed on: a watcher took them as its sequence. */
  dropHeld(): void;
}

/** A press made while no screen listens (the next one is loading) goes to the next screen if it comes within this time. */
export const HELD_PRESS_MS = 5_000;
/** More presses than anyone makes while a screen loads: the oldest go. */
const MOST_HELD = 8;

export function createButtonSource(win: Window, handOn: (press: () => void) => void = (press) => press()): ButtonSource {
  const handlers = new Set<ButtonHandler>();
  const screens = new Set<ButtonHandler>();
  const pressed: boolean[] = [];
  let held: Array<{ button: Button; at: number }> = [];
  let frame: number | null = null;
  let replay: EarlyReplay | null = null;

  const emitTo = (listeners: Set<ButtonHandler>) => (button: Button) => listeners.forEach((handler) => handler(button));
  const emit = emitTo(handlers);
  const press = (button: Button) => {
    // Between two screens (the next one's code still loading) the press waits for it, as the visitor meant it.
    if (screens.size === 0) held = [...held, { button, at: Date.now() }].slice(-MOST_HELD);
    emit(button);
  };

  /** Hands the presses made while no screen listened to the screen that now does, one at a time. */
  const handOnHeld = () => {
    const fresh = held.filter(({ at }) => Date.now() - at <= HELD_PRESS_MS).map(({ button }) => button);
    held = [];
    if (fresh.length > 0) replay = replayEarlyButtons(win, fresh, (button) => handOn(() => emitTo(screens)(button)));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const button = keyToButton(event);
    if (!button) return;
    event.preventDefault();
    if (!event.repeat) press(button);
  };

  const pollGamepads = () => {
    frame = null;
    const pads = win.navigator.getGamepads?.() ?? [];
    let connected = false;
    for (const pad of pads) {
      if (!pad) continue;
      connected = true;
      GAMEPAD_BUTTONS.forEach((button, index) => {
        const down = pad.buttons[index]?.pressed ?? false;
        // Edge-triggered: one press, one event.
        if (down && !pressed[index]) press(button);
        pressed[index] = down;
      });
    }
    if (connected && handlers.size > 0) frame = win.requestAnimationFrame(pollGamepads);
  };

  const startPolling = () => {
    if (frame === null) frame = win.requestAnimationFrame(pollGamepads);
  };

  return {
    dropHeld() {
      held = [];
      replay?.stop();
      replay = null;
    },
    subscribe(handler, kind = 'screen') {
      handlers.add(handler);
      if (kind === 'screen') {
        screens.add(handler);
        replay?.screenListens();
        handOnHeld();
      }
      if (handlers.size === 1) {
        // Presses kept while the first frame showed the welcome come first (none after the first screen).
        const early = takeEarlyButtons(win);
        win.addEventListener('keydown', onKeyDown);
        // It ends by itself after the last one, and goes on across a change of screen (none listens for a moment).
        if (early.length > 0) replay = replayEarlyButtons(win, early, (button) => handOn(() => emit(button)));
        win.addEventListener('gamepadconnected', startPolling);
        startPolling();
      }
      return () => {
        handlers.delete(handler);
        screens.delete(handler);
        if (handlers.size > 0) return;
        win.removeEventListener('keydown', onKeyDown);
        win.removeEventListener('gamepadconnected', startPolling);
        if (frame !== null) win.cancelAnimationFrame(frame);
        frame = null;
      };
    },
  };
}
