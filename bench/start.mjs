// The start row: navigation to the welcome title painted, with empty storage
// (a panel's first start: nothing stored, nothing cached) and with persisted
// data (every later start: the reload after a notification, a power cut).
// The digit-at-welcome row: a digit pressed the moment the welcome shows, on
// a start with persisted data, to code entry showing it.
import { VIEWPORT, slowDown } from './common.mjs';

const RUNS = 10;

/**
 * Runs in the page before the kiosk's code: once a heading reads
 * 'Welcome to …!', calls window.__welcomeShown (when the benchmark gave one),
 * waits for the next frame to be produced and stores the time since navigation
 * start (performance.now()) in window.__welcomePainted. The same for home's
 * links (window.__homePainted) and code entry's first slot filled (a digit
 * shows masked: window.__digitPainted).
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
  watch(
    () => [...document.querySelectorAll('h1')].some((h1) => /^Welcome to .+!$/.test(h1.textContent ?? '')),
    () => {
      window.__welcomeShown?.();
      afterFrame((ms) => (window.__welcomePainted = ms));
    },
  );
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

/** Presses 7 as soon as the page says the welcome shows; resolves with navigation to code entry painting it. */
async function timeDigitAtWelcome(context, url) {
  const page = await context.newPage();
  await page.exposeFunction('__welcomeShown', () => void page.keyboard.press('7'));
  await page.addInitScript(watchForWelcome);
  await slowDown(page);
  await page.goto(url);
  await page.waitForFunction(() => window.__digitPainted !== undefined, null, { timeout: 30_000 });
  const { ms, filled } = await page.evaluate(() => ({ ms: window.__digitPainted, filled: document.querySelectorAll('.code-slots .slot-filled').length }));
  await page.close();
  if (filled !== 1) throw new Error(`code entry shows ${filled} digits, not the one pressed at the welcome`);
  return ms;
}

/**
 * A digit pressed the moment the welcome shows, on starts with persisted data.
 * @param {import('@playwright/test').Browser} browser @param {{ origin: string, url: (model?: string) => string }} kiosk
 */
export async function measureDigitAtWelcome(browser, kiosk, runs = RUNS) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await timeStart(context, kiosk.url('GEN2'));
  const samples = [];
  for (let i = 0; i < runs; i += 1) samples.push(await timeDigitAtWelcome(context, `${kiosk.origin}/?model=GEN2`));
  await context.close();
  return samples;
}

/** @param {import('@playwright/test').Browser} browser @param {{ origin: string, url: (model?: string) => string }} kiosk */
export async function measureStart(browser, kiosk) {
  const url = kiosk.url('GEN2');
  const empty = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    empty.push(await timeStart(context, url));
    await context.close();
  }
  // One context: its storage and HTTP cache stay between starts, as on the panel.
  const context = await browser.newContext({ viewport: VIEWPORT });
  await timeStart(context, url);
  const persisted = [];
  // The address a reload finds: the kiosk took the token out of it.
  for (let i = 0; i < RUNS; i += 1) persisted.push(await timeStart(context, `${kiosk.origin}/?model=GEN2`));
  await context.close();
  return { empty, persisted };
}
