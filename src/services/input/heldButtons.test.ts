import type { Button } from './buttons';
import { createButtonSource, HELD_PRESS_MS } from './buttonSource';

const press = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key, cancelable: true }));

describe('presses made while no screen listens (the next screen still loading)', () => {
  afterEach(() => vi.useRealTimers());

  it('reach the next screen that listens, in order, each once; the watcher hears them as they are made, once', async () => {
    const source = createButtonSource(window);
    const watcher: Button[] = [];
    const leaveWatcher = source.subscribe((button) => watcher.push(button), 'watcher');
    const leaveHome = source.subscribe(() => undefined);
    press('ArrowDown');
    // Home leaves; the directory's code is loading.
    leaveHome();
    press('1');
    press('2');
    const directory: Button[] = [];
    const leaveDirectory = source.subscribe((button) => directory.push(button));
    await vi.waitFor(() => expect(directory).toEqual(['1', '2']));
    press('3');
    expect(directory).toEqual(['1', '2', '3']);
    expect(watcher).toEqual(['DOWN', '1', '2', '3']);
    leaveDirectory();
    leaveWatcher();
  });

  it(`are dropped when the next screen comes more than ${HELD_PRESS_MS} ms later`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const source = createButtonSource(window);
    const leaveWatcher = source.subscribe(() => undefined, 'watcher');
    press('7');
    vi.setSystemTime(Date.now() + HELD_PRESS_MS + 1);
    press('8');
    const next: Button[] = [];
    const leave = source.subscribe((button) => next.push(button));
    await vi.waitFor(() => expect(next).toEqual(['8']));
    leave();
    leaveWatcher();
  });

  it('are not kept while a screen is mounted that ignores them (a notification over home): the next screen gets none', async () => {
    const source = createButtonSource(window);
    const leaveWatcher = source.subscribe(() => undefined, 'watcher');
    const leaveIgnoring = source.subscribe(() => undefined);
    press('5');
    leaveIgnoring();
    const next: Button[] = [];
    const leave = source.subscribe((button) => next.push(button));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(next).toEqual([]);
    leave();
    leaveWatcher();
  });

  it('a watcher that took them as its sequence drops them: none reaches the next screen, before or during their hand-on', async () => {
    const source = createButtonSource(window);
    const leaveWatcher = source.subscribe(() => undefined, 'watcher');
    press('ArrowUp');
    press('ArrowDown');
    source.dropHeld();
    const installer: Button[] = [];
    const leaveInstaller = source.subscribe((button) => installer.push(button));
    leaveInstaller();
    // Held again while no screen listens; the hand-on to the next screen starts, and the watcher drops the rest.
    press('ArrowUp');
    press('ArrowDown');
    press('ArrowUp');
    const home: Button[] = [];
    const leaveHome = source.subscribe((button) => {
      home.push(button);
      source.dropHeld();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(installer).toEqual([]);
    expect(home).toEqual(['UP']);
    leaveHome();
    leaveWatcher();
  });
});
