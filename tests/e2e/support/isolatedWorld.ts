// Runs checks in a JavaScript world of their own beside the page's scripts
// (the DevTools protocol's isolated worlds). The page's clock, faked and
// perhaps paused by page.clock, does not reach their timers and animation
// frames: a screen can be checked at leisure while its clock stands still.
import type { Page } from '@playwright/test';

/** Evaluates each expression in turn in a new isolated world of the page's main frame; returns the last one's value. */
export async function evaluateIsolated<T>(page: Page, ...expressions: string[]): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'checks' });
    let value: unknown;
    for (const expression of expressions) {
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
        expression,
        contextId: executionContextId,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      value = result.value;
    }
    return value as T;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** Calls `fn` (which must use nothing from outside itself) in an isolated world of the page. */
export function callIsolated<T>(page: Page, fn: () => T | Promise<T>): Promise<T> {
  return evaluateIsolated<T>(page, `(${fn.toString()})()`);
}
