// Unchanged polls: how much main-thread time the kiosk spends loading
// property data the back end has not changed, with the back end's ETag (a 304
// answers) and without (the kiosk compares a fingerprint of the answer). Each
// poll is asked for through the channel (`property-updated`), as the back end
// does. The figure is Chromium's main-thread task time (the DevTools
// protocol's TaskDuration, slowed 4x like everything else) from just before
// the request until 800 ms after its answer ended; beside it the same for a
// window of the same length with no poll, right after: what the page does
// anyway (timers, and at 50,000 residents storage writes it retries). And
// the poll window's longest task (Long Tasks, 50 ms and more; none counts as
// 50): a long one would hold back a gate signal.
import { openKiosk } from './keys.mjs';
import { sleep, until } from './common.mjs';

const POLLS = Number(process.env.BENCH_POLLS ?? 20);
const SETTLE_MS = 800;
/** Main-thread task time in a second that counts as a quiet page. */
const QUIET_MS = 20;
/** Long Tasks reports tasks from this long. */
export const LONG_TASK_MS = 50;

/** Runs in the page: keeps every long task's start and length. */
export function watchLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => ({ at: e.startTime, ms: e.duration })))).observe({
    type: 'longtask',
  });
}

/** The main thread's task time so far, in ms. */
export async function taskTime(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration').value * 1000;
}

/**
 * Resolves once the page's main thread has been quiet for a second (under 20
 * ms of tasks): at 50,000 residents the first load's work (storing the data,
 * collecting its garbage) goes on for seconds, and is not a poll's.
 */
export async function untilQuiet(cdp) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const before = await taskTime(cdp);
    await sleep(1000);
    if ((await taskTime(cdp)) - before < QUIET_MS) return;
    if (Date.now() > deadline) throw new Error('The page never settled after its first load');
  }
}

/**
 * Resolves once a property request has ended: a 304 when it is answered (no
 * body follows, and Playwright reports no end for it), an answer with a body
 * once that is read, by the page or by the worker that polls a large answer
 * (Playwright reports a dedicated worker's requests as the page's).
 */
export function propertyRequestEnded(page, timeoutMs = 60_000) {
  const isProperty = (request) => request.url().includes('/api/telephone-entry/property');
  return new Promise((resolve, reject) => {
    const end = (outcome) => {
      clearTimeout(timer);
      page.off('response', answered);
      page.off('requestfinished', finished);
      outcome();
    };
    const answered = (response) => response.status() === 304 && isProperty(response) && end(resolve);
    const finished = (request) => isProperty(request) && end(resolve);
    const timer = setTimeout(() => end(() => reject(new Error(`No property request ended within ${timeoutMs / 1000} s`))), timeoutMs);
    page.on('response', answered);
    page.on('requestfinished', finished);
  });
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {{ etag: boolean, polls?: number }} options
 */
export async function measurePolls(browser, kiosk, { etag, polls = POLLS }) {
  kiosk.sim.setPropertyETag(etag);
  const { page, context } = await openKiosk(browser, kiosk, 'GEN2');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const statuses = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/telephone-entry/property')) statuses.push(response.status());
  });
  // Delivered once the kiosk has subscribed to its channel (after the first screen); that first poll is not counted.
  await until(() => kiosk.sim.propertyUpdated() > 0, 'the kiosk on its channel', 30_000);
  await sleep(2000);
  await untilQuiet(cdp);
  // The first load's garbage (16 MB of answer at 50,000 residents) collected now, as a panel's would be long
  // before a poll 60 s later: left to the polls 3 s apart, its marking ran in their allocations.
  await cdp.send('HeapProfiler.collectGarbage');
  await untilQuiet(cdp);
  await page.evaluate(watchLongTasks);
  const poll = [];
  const idle = [];
  const longest = [];
  try {
    for (let i = 0; i < polls; i += 1) {
      const from = await page.evaluate(() => performance.now());
      const t0 = performance.now();
      const before = await taskTime(cdp);
      const ended = propertyRequestEnded(page);
      kiosk.sim.propertyUpdated();
      await ended;
      await sleep(SETTLE_MS);
      poll.push((await taskTime(cdp)) - before);
      const tasks = await page.evaluate((start) => window.__longTasks.filter((task) => task.at + task.ms >= start).map((task) => task.ms), from);
      longest.push(Math.max(LONG_TASK_MS, ...tasks));
      const window = performance.now() - t0;
      const quiet = await taskTime(cdp);
      await sleep(window);
      idle.push((await taskTime(cdp)) - quiet);
    }
  } finally {
    await context.close();
    kiosk.sim.setPropertyETag(false);
  }
  return { poll, idle, longest, statuses: statuses.slice(-polls) };
}
