/** Longest wait for an idle moment: on a busy page the code still loads soon after the first screen. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Resolves once the page is idle after the first screen has painted, for code
 * the first screen does not need (its evaluation would otherwise delay that
 * paint on the panel's slow processor). Browsers without requestIdleCallback
 * wait for the next task.
 */
export function afterFirstScreen(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(resolve, 0);
  });
}
