const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` every 50 ms until `check` holds for what it returns; resolves with that. */
export async function until(read, check, { timeout = 10_000, message = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const last = await read();
    if (check(last)) return last;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${message}; last: ${JSON.stringify(last)?.slice(0, 400)}`);
    await sleep(50);
  }
}

/** A page's `waitFor`: polls `expression` in the page until it is truthy (an error thrown there counts as not yet). */
export function waitInPage(page, expression, { timeout = 10_000, message = expression } = {}) {
  return until(() => page.evaluate(expression).catch(() => undefined), Boolean, { timeout, message });
}
