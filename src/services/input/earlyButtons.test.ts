import type { Button } from './buttons';
import { createButtonSource } from './buttonSource';
import { hasEarlyButtons, keepEarlyButtons, takeEarlyButtons } from './earlyButtons';

const press = (key: string, init: KeyboardEventInit = {}) => window.dispatchEvent(new KeyboardEvent('keydown', { key, cancelable: true, ...init }));

describe('buttons pressed while the first frame shows the welcome', () => {
  afterEach(() => void takeEarlyButtons(window));

  it("are kept in order (panel keys only, no repeats) and reach the first screen that listens, each once", async () => {
    keepEarlyButtons(window);
    press('7');
    press('x');
    press('7', { repeat: true });
    press('2');
    press('Enter');
    press('1', { ctrlKey: true });
    const seen: Button[] = [];
    const unsubscribe = createButtonSource(window).subscribe((button) => seen.push(button));
    expect(hasEarlyButtons(window)).toBe(false);
    await vi.waitFor(() => expect(seen).toEqual(['7', '2', 'GO']));
    // From now on the button source alone hears the keys.
    press('3');
    expect(seen).toEqual(['7', '2', 'GO', '3']);
    unsubscribe();
  });

  it('each reach the screen showing once the one before was handled, as presses typed a moment apart would', async () => {
    keepEarlyButtons(window);
    for (const key of ['4', '5', '6', 'ArrowUp']) press(key);
    const source = createButtonSource(window);
    const home: Button[] = [];
    const codeEntry: Button[] = [];
    // Home opens code entry at a digit, a task later (as React renders a navigation); code entry ignores UP.
    const leaveHome = source.subscribe((button) => {
      home.push(button);
      setTimeout(() => {
        leaveHome();
        source.subscribe((next) => codeEntry.push(next));
      }, 20);
    });
    await vi.waitFor(() => expect(codeEntry).toEqual(['5', '6', 'UP']));
    expect(home).toEqual(['4']);
  });

  it("are handed on through the source's handOn (the kiosk renders each at once, as it does a key press), the live presses after them not", async () => {
    keepEarlyButtons(window);
    press('8');
    const handedOn: Button[] = [];
    const seen: Button[] = [];
    const source = createButtonSource(window, (emit) => {
      const before = seen.length;
      emit();
      handedOn.push(...seen.slice(before));
    });
    const unsubscribe = source.subscribe((button) => seen.push(button));
    await vi.waitFor(() => expect(seen).toEqual(['8']));
    press('9');
    expect(seen).toEqual(['8', '9']);
    expect(handedOn).toEqual(['8']);
    unsubscribe();
  });

  it('tell the first frame of the first press kept, once (not a key that is no button, nor a repeat)', () => {
    const first = vi.fn();
    keepEarlyButtons(window, first);
    press('x');
    press('7', { repeat: true });
    expect(first).not.toHaveBeenCalled();
    press('7');
    press('2');
    expect(first).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledWith('7');
    expect(takeEarlyButtons(window)).toEqual(['7', '2']);
  });

  it('keeps nothing once taken, and stops listening', () => {
    keepEarlyButtons(window);
    expect(takeEarlyButtons(window)).toEqual([]);
    press('9');
    expect(takeEarlyButtons(window)).toEqual([]);
  });
});
