import { GAMEPAD_BUTTONS, keyToButton, type Button } from './buttons';
import { replayEarlyButtons, takeEarlyButtons, type EarlyReplay } from './earlyButtons';

export type ButtonHandler = (button: Button) => void;

/**
 * Turns keyboard and gamepad input into button presses. Listens only while
 * somebody is subscribed; polls gamepads only while one is connected.
 */
export interface ButtonSource {
  subscribe(handler: ButtonHandler): () => void;
}

export function createButtonSource(win: Window, handOn: (press: () => void) => void = (press) => press()): ButtonSource {
  const handlers = new Set<ButtonHandler>();
  const pressed: boolean[] = [];
  let frame: number | null = null;
  let replay: EarlyReplay | null = null;

  const emit = (button: Button) => handlers.forEach((handler) => handler(button));

  const onKeyDown = (event: KeyboardEvent) => {
    const button = keyToButton(event);
    if (!button) return;
    event.preventDefault();
    if (!event.repeat) emit(button);
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
        if (down && !pressed[index]) emit(button);
        pressed[index] = down;
      });
    }
    if (connected && handlers.size > 0) frame = win.requestAnimationFrame(pollGamepads);
  };

  const startPolling = () => {
    if (frame === null) frame = win.requestAnimationFrame(pollGamepads);
  };

  return {
    subscribe(handler) {
      handlers.add(handler);
      replay?.screenListens();
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
        if (handlers.size > 0) return;
        win.removeEventListener('keydown', onKeyDown);
        win.removeEventListener('gamepadconnected', startPolling);
        if (frame !== null) win.cancelAnimationFrame(frame);
        frame = null;
      };
    },
  };
}
