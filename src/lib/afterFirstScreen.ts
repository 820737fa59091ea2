/** Longest wait for an idle moment: on a busy page the code still loads soon after the first screen. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Resolves once the page is idle after the first screen has painted, for code
 * the first screen does not need (its evaluation would otherwise delay that
 * paint on the panel's slow processor). Browsers without requestIdleCallback
 * wait for the next task.
 */
export function afterFirstScreen(win: Window = window): Promise<void> {
  return new Promise((resolve) => void whenIdle(() => resolve(), win));
}

/**
 * Calls `callback` as afterFirstScreen resolves, with the idle period's
 * deadline where the engine has one; returns what cancels it.
 */
export function whenIdle(callback: (deadline?: IdleDeadline) => void, win: Window = window): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback((deadline) => callback(deadline), { timeout: IDLE_TIMEOUT_MS });
    return () => win.cancelIdleCallback(id);
  }
  const timer = win.setTimeout(callback, 0);
  return () => win.clearTimeout(timer);
}

/** Longest wait for a frame: a page that is not shown produces none. */
export const FRAME_TIMEOUT_MS = 100;

/**
 * Calls `callback` in the task after the next frame (what was rendered before
 * it is on screen by then), or after FRAME_TIMEOUT_MS when no frame comes;
 * returns what cancels it.
 */
export function afterNextFrame(callback: () => void, win: Window = window): () => void {
  let after: number | undefined;
  const timer = win.setTimeout(done, FRAME_TIMEOUT_MS);
  const frame = win.requestAnimationFrame(() => {
    after = win.setTimeout(done, 0);
  });
  function cancel() {
    win.clearTimeout(timer);
    win.clearTimeout(after);
    win.cancelAnimationFrame(frame);
  }
  function done() {
    cancel();
    callback();
  }
  return cancel;
}

/**
 * How long a frame the main thread has handed on may still take to reach the
 * screen on a loaded two-core panel: its raster and display run beside the
 * main thread, and work started at once (a screen's render, the browser's own
 * handling of a new address) competes with them for the other core
 * (docs/performance.md, "Key press to paint").
 */
export const FRAME_SHOWN_MS = 50;

/**
 * Calls `callback` once the next frame is most likely on screen:
 * FRAME_SHOWN_MS after the task that follows it (afterNextFrame). For work a
 * key press leads to that its own frame does not need. Returns what cancels it.
 */
export function afterFrameShown(callback: () => void, win: Window = window): () => void {
  let timer: number | undefined;
  const cancelFrame = afterNextFrame(() => {
    timer = win.setTimeout(callback, FRAME_SHOWN_MS);
  }, win);
  return () => {
    cancelFrame();
    win.clearTimeout(timer);
  };
}
