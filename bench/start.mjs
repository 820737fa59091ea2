// The start row: navigation to the welcome title painted, with empty storage
// (a panel's first start: nothing stored, nothing cached) and with persisted
// data (every later start: the reload after a notification).
// The digit-at-welcome row: a digit pressed the moment the welcome shows, on
// a reload with persisted data, to code entry showing it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { VIEWPORT, slowDown } from './common.mjs';

const RUNS = 10;

/**
 * Runs in the page before the kiosk's code: once a heading reads
 * 'Welcome to …!', calls window.__welcomeShown (when the benchmark gave one)
 * and stores in window.__welcomePainted the time since navigation start
 * (performance.now()) at which the frame that painted it was presented: the
 * first contentful paint, when the title was in the page by that frame's
 * paint (the first frame's welcome, after a reload), or else the title's own
 * Element Timing (the kiosk's title, painted after something else). A task
 * after the frame would read that time late whenever the bundle's evaluation,
 * one long task, is queued before it, while the frame is already on screen.
 * Home's links (window.__homePainted) and code entry's first slot filled (a
 * digit shows masked: window.__digitPainted) are stamped in the first task
 * after their frame.
 */
export function watchForWelcome() {
  const afterFrame = (store) =>
    requestAnimationFrame(() => {
      // A task after the frame's callbacks: style, layout and paint are done by then.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => store(performance.now());
      channel.port2.postMessage(null);
    });
  const watch = (shows, then) => {
    const observer = new MutationObserver(() => {
      if (!shows()) return;
      observer.disconnect();
      then();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  };
  let titleShownAt;
  const titlePresented = (ms) => {
    if (window.__welcomePainted === undefined) window.__welcomePainted = ms;
  };
  // Every welcome title is marked for Element Timing before its first paint (an
  // entry is dropped when its element leaves the page first, as the first
  // frame's title does when the kiosk takes over).
  new MutationObserver(() => {
    for (const h1 of document.querySelectorAll('h1:not([elementtiming])')) {
      if (!/^Welcome to .+!$/.test(h1.textContent ?? '')) continue;
      h1.setAttribute('elementtiming', 'welcome-title');
      if (titleShownAt !== undefined) continue;
      titleShownAt = performance.now();
      window.__welcomeShown?.();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // paintTime (when the frame was painted) is newer than the engines'; before it, startTime alone.
      if (entry.name === 'first-contentful-paint' && titleShownAt !== undefined && (entry.paintTime ?? entry.startTime) >= titleShownAt) titlePresented(entry.startTime);
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.identifier === 'welcome-title') titlePresented(entry.renderTime);
  }).observe({ type: 'element', buffered: true });
  // Home as the kiosk renders it (the first frame shows only its header).
  watch(
    () => document.querySelector('.home-links') !== null,
    () => afterFrame((ms) => (window.__homePainted = ms)),
  );
  watch(
    () => document.querySelector('.code-slots .slot-filled') !== null,
    () => afterFrame((ms) => (window.__digitPainted = ms)),
  );
}

/** A start in a new page of `context` (with empty storage: a new profile). */
async function timeStart(context, url) {
  const page = await context.newPage();
  await page.addInitScript(watchForWelcome);
  await slowDown(page);
  await page.goto(url);
  await page.waitForFunction(() => window.__welcomePainted !== undefined, null, { timeout: 30_000 });
  const ms = await page.evaluate(() => window.__welcomePainted);
  await page.close();
  return ms;
}

/**
 * A page of `context` with the kiosk started at `url` and settled: its first
 * start stores the property and installs the service worker.
 */
async function settledKiosk(context, url, onWelcome) {
  const page = await context.newPage();
  if (onWelcome) await page.exposeFunction('__welcomeShown', onWelcome);
  await page.addInitScript(watchForWelcome);
  await slowDown(page);
  await page.goto(url);
  await settled(page);
  return page;
}

/**
 * Waits until the kiosk has settled, as it has when a notification's reload
 * comes on a panel: home painted by the kiosk at its address, and no request
 * for 500 ms.
 */
async function settled(page) {
  await page.waitForFunction(() => window.__homePainted !== undefined && location.pathname === '/', null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * Reloads the page, as the kiosk does after every notification; resolves
 * with the reloaded page's `figure` (ms since the reload's navigation start).
 */
async function timeReload(page, figure) {
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction((name) => window[name] !== undefined, figure, { timeout: 30_000 });
  return page.evaluate((name) => window[name], figure);
}

/**
 * A digit pressed the moment the welcome shows, on reloads with persisted data:
 * 7 as soon as the page says the welcome shows, to code entry painting it.
 * @param {import('@playwright/test').Browser} browser @param {{ origin: string, url: (model?: string) => string }} kiosk
 */
export async function measureDigitAtWelcome(browser, kiosk, runs = RUNS) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  let pressing = false;
  const page = await settledKiosk(context, kiosk.url('GEN2'), () => void (pressing && page.keyboard.press('7')));
  pressing = true;
  const samples = [];
  for (let i = 0; i < runs; i += 1) {
    samples.push(await timeReload(page, '__digitPainted'));
    const filled = await page.evaluate(() => document.querySelectorAll('.code-slots .slot-filled').length);
    if (filled !== 1) throw new Error(`code entry shows ${filled} digits, not the one pressed at the welcome`);
    await page.keyboard.press('Escape');
    await settled(page);
  }
  await context.close();
  return samples;
}

/**
 * Reloads of one page with persisted data: its storage and caches stay
 * between starts, as on the panel.
 * @param {import('@playwright/test').Browser} browser @param {{ origin: string, url: (model?: string) => string }} kiosk
 */
export async function measurePersistedStart(browser, kiosk, runs = RUNS) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await settledKiosk(context, kiosk.url('GEN2'));
  const persisted = [];
  for (let i = 0; i < runs; i += 1) {
    persisted.push(await timeReload(page, '__welcomePainted'));
    await settled(page);
  }
  await context.close();
  return persisted;
}

/** @param {import('@playwright/test').Browser} browser @param {{ origin: string, url: (model?: string) => string }} kiosk */
export async function measureStart(browser, kiosk) {
  const empty = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    empty.push(await timeStart(context, kiosk.url('GEN2')));
    await context.close();
  }
  return { empty, persisted: await measurePersistedStart(browser, kiosk) };
}

/** What a start waited for, ms since navigation (BENCH_RESTART_DETAIL=1 prints it for each restart): the document, the paints, main.tsx's and the first frame's marks, each file fetched (start, end). */
function startMilestones() {
  const at = (ms) => Math.round(ms);
  const [navigation] = performance.getEntriesByType('navigation');
  return {
    welcome: at(window.__welcomePainted),
    serviceWorkerStarted: at(navigation.workerStart),
    documentReceived: at(navigation.responseEnd),
    domInteractive: at(navigation.domInteractive),
    paints: performance.getEntriesByType('paint').map((entry) => [entry.name, at(entry.startTime)]),
    marks: performance.getEntriesByType('mark').map((entry) => [entry.name, at(entry.startTime)]),
    files: performance.getEntriesByType('resource').map((entry) => [entry.name.split('/').pop(), at(entry.startTime), at(entry.responseEnd)]),
  };
}

/**
 * A browser restart on a persisted profile, as a panel's reboot (or a WebView
 * restarted by its app) meets the kiosk: Chromium launched on a user data
 * directory the kiosk's first start filled (the property stored, the service
 * worker installed, code cached), its first page sent to the kiosk; from that
 * navigation's start to the welcome title painted (`watchForWelcome`). Each
 * launch's own first page is the kiosk's: no page of Playwright's is opened
 * first. The first start, not counted, settles before the browser closes.
 * @param {{ origin: string, url: (model?: string) => string }} kiosk
 */
export async function measureRestart(kiosk, { runs = RUNS, executablePath, args }) {
  const profile = await mkdtemp(path.join(tmpdir(), 'kiosk-bench-profile-'));
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profile, { executablePath, args, headless: true, viewport: VIEWPORT });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(watchForWelcome);
    await slowDown(page);
    return { context, page };
  };
  try {
    const first = await launch();
    await first.page.goto(kiosk.url('GEN2'));
    await settled(first.page);
    await first.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await first.context.close();
    const samples = [];
    for (let i = 0; i < runs; i += 1) {
      const { context, page } = await launch();
      // The panel's browser opens the kiosk's address (its token long since stored and taken out of it).
      await page.goto(`${kiosk.origin}/?model=GEN2`);
      await page.waitForFunction(() => window.__welcomePainted !== undefined, null, { timeout: 30_000 });
      samples.push(await page.evaluate(() => window.__welcomePainted));
      if (process.env.BENCH_RESTART_DETAIL) console.log(JSON.stringify(await page.evaluate(startMilestones)));
      // Closed once settled, as a panel runs a while between reboots (its stored state written).
      await settled(page);
      await context.close();
    }
    return samples;
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}
