// Unchanged polls: how long the kiosk's main thread is held while it loads
// property data the back end has not changed, with the back end's ETag (a 304
// answers) and without (the kiosk compares a fingerprint of the answer).
// Each poll is asked for through the channel (`property-updated`), as the back
// end does; a timer in the page every 4 ms shows each stall of the main
// thread, and the figures are the stalls from the request's start until
// 1.5 s after its answer ended (resource timing, on the page's clock).
import { openKiosk } from './keys.mjs';
import { sleep, until } from './common.mjs';

const POLLS = Number(process.env.BENCH_POLLS ?? 10);
const SETTLE_MS = 1500;
/** Gaps between the timer's ticks longer than this are stalls (the timer's own period, slowed, stays under it). */
const STALL_MS = 8;

/** Runs in the page: records each gap in a 4 ms timer's ticks longer than STALL_MS. */
function watchStalls(stallMs) {
  const stalls = [];
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    if (now - last > stallMs) stalls.push({ at: last, ms: now - last });
    last = now;
    setTimeout(tick, 4);
  };
  tick();
  window.__stalls = stalls;
}

/** The property request's start and end on the page's clock, once it has ended. */
async function propertyRequest(page) {
  const handle = await page.waitForFunction(() => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/telephone-entry/property') && e.responseEnd > 0);
    return entry ? { start: entry.startTime, end: entry.responseEnd } : null;
  }, null, { timeout: 60_000 });
  return handle.jsonValue();
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {{ etag: boolean, polls?: number }} options
 */
export async function measurePolls(browser, kiosk, { etag, polls = POLLS }) {
  kiosk.sim.setPropertyETag(etag);
  const { page, context } = await openKiosk(browser, kiosk, 'GEN2');
  const statuses = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/telephone-entry/property')) statuses.push(response.status());
  });
  await page.evaluate(watchStalls, STALL_MS);
  const longest = [];
  const held = [];
  try {
    for (let i = 0; i < polls; i += 1) {
      await page.evaluate(() => performance.clearResourceTimings());
      // Delivered once the kiosk has subscribed to its channel (after the first screen).
      await until(() => kiosk.sim.propertyUpdated() > 0, 'the kiosk on its channel', 30_000);
      const { start, end } = await propertyRequest(page);
      await sleep(SETTLE_MS);
      const stalls = await page.evaluate(([from, to]) => window.__stalls.filter((s) => s.at + s.ms >= from && s.at <= to), [start, end + SETTLE_MS]);
      longest.push(Math.max(STALL_MS, ...stalls.map((s) => s.ms)));
      held.push(stalls.reduce((sum, s) => sum + s.ms, 0));
    }
  } finally {
    await context.close();
    kiosk.sim.setPropertyETag(false);
  }
  return { longest, held, statuses: statuses.slice(-polls) };
}
