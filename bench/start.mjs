// The start row: navigation to the welcome title painted, with empty storage
// (a panel's first start: nothing stored, nothing cached) and with persisted
// data (every later start: the reload after a notification, a power cut).
import { VIEWPORT, slowDown } from './common.mjs';

const RUNS = 10;

/**
 * Runs in the page before the kiosk's code: once a heading reads
 * 'Welcome to …!', waits for the next frame to be produced and stores the time
 * since navigation start (performance.now()) in window.__welcomePainted.
 */
function watchForWelcome() {
  const isWelcome = () => [...document.querySelectorAll('h1')].some((h1) => /^Welcome to .+!$/.test(h1.textContent ?? ''));
  const observer = new MutationObserver(() => {
    if (!isWelcome()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      // A task after the frame's callbacks: style, layout and paint are done by then.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (window.__welcomePainted = performance.now());
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
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
