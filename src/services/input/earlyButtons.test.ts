import { fireEvent } from '@testing-library/react';
import type { Button } from './buttons';
import { createButtonSource } from './buttonSource';
import { hasEarlyButtons, keepEarlyButtons, takeEarlyButtons } from './earlyButtons';

const press = (key: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(window, { key, ...init });
/** Lets the replay's messages (one a press) run. */
const messages = async (count: number) => {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

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
    await messages(5);
    expect(seen).toEqual(['7', '2', 'GO']);
    // From now on the button source alone hears the keys.
    press('3');
    expect(seen).toEqual(['7', '2', 'GO', '3']);
    unsubscribe();
  });

  it('go to the screen listening when each is handed on, as a press typed a moment later would', async () => {
    keepEarlyButtons(window);
    press('4');
    press('5');
    const source = createButtonSource(window);
    const home: Button[] = [];
    const codeEntry: Button[] = [];
    let leaveHome = () => undefined as void;
    // Home opens code entry at the first digit, in a task of its own (as React renders a navigation).
    leaveHome = source.subscribe((button) => {
      home.push(button);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        leaveHome();
        source.subscribe((next) => codeEntry.push(next));
      };
      queueMicrotask(() => channel.port2.postMessage(null));
    });
    await messages(6);
    expect(home).toEqual(['4']);
    expect(codeEntry).toEqual(['5']);
  });

  it('keeps nothing once taken, and stops listening', () => {
    keepEarlyButtons(window);
    expect(takeEarlyButtons(window)).toEqual([]);
    press('9');
    expect(takeEarlyButtons(window)).toEqual([]);
  });
});
