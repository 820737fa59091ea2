import { afterFirstScreen, afterFrameShown, afterNextFrame, FRAME_SHOWN_MS, FRAME_TIMEOUT_MS, IDLE_TIMEOUT_MS, whenIdle } from './afterFirstScreen';

describe('afterFirstScreen', () => {
  it('waits for an idle moment, at most the idle timeout', async () => {
    let idle!: () => void;
    const requestIdleCallback = vi.fn((callback: () => void) => ((idle = callback), 1));
    const resolved = vi.fn();
    void afterFirstScreen({ requestIdleCallback } as unknown as Window).then(resolved);
    await Promise.resolve();
    expect(resolved).not.toHaveBeenCalled();
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
    idle();
    await vi.waitFor(() => expect(resolved).toHaveBeenCalled());
  });

  it('waits for the next task where requestIdleCallback is missing', async () => {
    const setTimeout = vi.fn((callback: () => void) => (callback(), 1));
    await afterFirstScreen({ setTimeout } as unknown as Window);
    expect(setTimeout).toHaveBeenCalledWith(expect.any(Function), 0);
  });
});

describe('whenIdle', () => {
  it('is cancelled by what it returns, with or without requestIdleCallback', () => {
    const cancelIdleCallback = vi.fn();
    whenIdle(vi.fn(), { requestIdleCallback: () => 7, cancelIdleCallback } as unknown as Window)();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
    vi.useFakeTimers();
    const callback = vi.fn();
    whenIdle(callback, window)();
    vi.runAllTimers();
    vi.useRealTimers();
    expect(callback).not.toHaveBeenCalled();
  });
});

/** A window whose frames and timers the test fires. */
function page() {
  let frame!: () => void;
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  const win = {
    requestAnimationFrame: vi.fn((callback: () => void) => ((frame = callback), 7)),
    cancelAnimationFrame: vi.fn(),
    setTimeout: vi.fn((callback: () => void, ms: number) => timers.push({ callback, ms, cleared: false })),
    clearTimeout: vi.fn((id?: number) => {
      if (id) timers[id - 1]!.cleared = true;
    }),
  };
  /** Fires the timers of `ms` that were not cleared. */
  const fire = (ms: number) => timers.filter((timer) => timer.ms === ms && !timer.cleared).forEach((timer) => timer.callback());
  return { win: win as unknown as Window & typeof win, frame: () => frame(), fire };
}

describe('afterNextFrame', () => {
  it('calls back in the task after the next frame, and stops its timeout', () => {
    const { win, frame, fire } = page();
    const called = vi.fn();
    afterNextFrame(called, win);
    frame();
    expect(called).not.toHaveBeenCalled();
    fire(0);
    fire(FRAME_TIMEOUT_MS);
    expect(called).toHaveBeenCalledTimes(1);
  });

  it('calls back after the timeout when no frame comes (a page not shown), and cancels the frame', () => {
    const { win, fire } = page();
    const called = vi.fn();
    afterNextFrame(called, win);
    fire(FRAME_TIMEOUT_MS);
    expect(called).toHaveBeenCalledTimes(1);
    expect(win.cancelAnimationFrame).toHaveBeenCalledWith(7);
  });

  it('never calls back once cancelled, before or after the frame', () => {
    const { win, frame, fire } = page();
    const called = vi.fn();
    afterNextFrame(called, win)();
    const cancelledLater = afterNextFrame(called, win);
    frame();
    cancelledLater();
    fire(0);
    fire(FRAME_TIMEOUT_MS);
    expect(called).not.toHaveBeenCalled();
  });
});

describe('afterFrameShown', () => {
  it('calls back FRAME_SHOWN_MS after the task that follows the next frame', () => {
    const { win, frame, fire } = page();
    const called = vi.fn();
    afterFrameShown(called, win);
    fire(FRAME_SHOWN_MS);
    frame();
    fire(0);
    expect(called).not.toHaveBeenCalled();
    fire(FRAME_SHOWN_MS);
    expect(called).toHaveBeenCalledTimes(1);
  });

  it('never calls back once cancelled, before the frame or while it waits', () => {
    const { win, frame, fire } = page();
    const called = vi.fn();
    afterFrameShown(called, win)();
    const cancelledLater = afterFrameShown(called, win);
    frame();
    fire(0);
    cancelledLater();
    fire(FRAME_SHOWN_MS);
    fire(FRAME_TIMEOUT_MS);
    expect(called).not.toHaveBeenCalled();
  });
});
