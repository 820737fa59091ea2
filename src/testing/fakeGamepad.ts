import { vi } from 'vitest';

/**
 * One gamepad with buttons 0 to 3 on `window`, and animation frames that run
 * only on `tick()`: press a button by setting `pad.buttons[i].pressed`, then tick.
 */
export function fakeGamepad() {
  const frames: FrameRequestCallback[] = [];
  const pad = { buttons: [0, 1, 2, 3].map(() => ({ pressed: false })) };
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
  Object.defineProperty(window.navigator, 'getGamepads', { configurable: true, value: () => [pad] });
  const tick = () => frames.splice(0).forEach((cb) => cb(0));
  /** A full press of button `index`: down on one frame, up on the next. */
  const press = (index: number) => {
    pad.buttons[index]!.pressed = true;
    tick();
    pad.buttons[index]!.pressed = false;
    tick();
  };
  return { pad, tick, frames, press };
}
