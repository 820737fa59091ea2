// The start and digit-at-welcome rows on the panels' older engines:
// `npm run bench:engines [-- runs]` (default 10 a row). The same build (one
// for every engine), the same 5,000-resident property and the same 4x slower
// main thread as `npm run bench`, on Chromium 83, 92 and 110 (the engines
// tier's binaries) and Debian's current Chromium, each driven over the
// DevTools protocol (Playwright's protocol is too new for 83). Persisted
// starts only: a page of the profile's own context, whose storage and service
// worker stay between starts as on the panel. Figures are comparable between
// the engines of one run, not with another machine.
import { launchOverCdp } from '../tests/engines/cdp.mjs';
import { CURRENT_CHROMIUM } from '../tests/engines/engines.mjs';
import { OLD_CHROMIUMS, unpackedChromium } from '../tests/engines/oldChromium.mjs';
import { largeSeed } from '../simulator/seed.mjs';
import { BUDGETS } from './rows.mjs';
import { CPU_SLOWDOWN, round, sleep, startKiosk, stats } from './common.mjs';
import { watchForWelcome } from './start.mjs';

const RUNS = Number(process.argv[2] ?? 10);
const WATCH = `(${watchForWelcome})();`;

/** One start of a page at `url`; with `digit`, 7 is pressed as the welcome shows. Resolves with the page's figure (ms since navigation). */
async function timeStart(browser, url, digit) {
  const page = await browser.newPage({ shared: true, serviceWorkers: true });
  try {
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: WATCH });
    await page.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (digit) {
      // A binding takes one string: the watcher's call goes through a function that gives it one.
      await page.send('Runtime.addBinding', { name: '__benchBinding' });
      await page.send('Page.addScriptToEvaluateOnNewDocument', { source: `window.__welcomeShown = () => window.__benchBinding('shown');` });
      const press = (message) => {
        if (message.sessionId === page.sessionId && message.method === 'Runtime.bindingCalled') void page.press('7');
      };
      page.connection.listeners.add(press);
    }
    await page.goto(url);
    const figure = digit ? 'window.__digitPainted' : 'window.__welcomePainted';
    await page.waitFor(`${figure} !== undefined`, { timeout: 30_000 });
    if (digit && (await page.evaluate(`document.querySelectorAll('.code-slots .slot-filled').length`)) !== 1) throw new Error('code entry does not show the digit pressed at the welcome');
    return await page.evaluate(figure);
  } finally {
    await page.close();
  }
}

const ENGINES = [...OLD_CHROMIUMS.map(({ name, major }) => ({ label: `Chromium ${major}`, binary: () => unpackedChromium(name) })), { label: 'Chromium current (Debian)', binary: async () => ({ binary: CURRENT_CHROMIUM }) }];

const kiosk = await startKiosk({ property: largeSeed(5_000) });
const lines = [];
try {
  for (const engine of ENGINES) {
    const browser = await launchOverCdp({ ...(await engine.binary()), args: ['--autoplay-policy=no-user-gesture-required'] });
    try {
      // The first start stores the property and installs the service worker; the second finds both.
      await timeStart(browser, kiosk.url('GEN2'), false);
      await sleep(1500);
      const reload = `${kiosk.origin}/?model=GEN2`;
      const starts = [];
      for (let i = 0; i < RUNS; i += 1) starts.push(await timeStart(browser, reload, false));
      const digits = [];
      for (let i = 0; i < RUNS; i += 1) digits.push(await timeStart(browser, reload, true));
      const start = stats(starts);
      const digit = stats(digits);
      lines.push(
        `${browser.product.padEnd(28)} start persisted median ${round(start.median)} ms, p95 ${round(start.p95)} ms (budget ${BUDGETS.persistedStartMedianMs} / ${BUDGETS.persistedStartP95Ms}); digit at welcome median ${round(digit.median)} ms, p95 ${round(digit.p95)} ms (budget ${BUDGETS.digitAtWelcomeMedianMs})`,
      );
      console.log(lines.at(-1));
    } finally {
      await browser.close();
    }
  }
} finally {
  await kiosk.close();
}
console.log(`\n${RUNS} starts a row, 5,000 residents, main thread slowed ${CPU_SLOWDOWN}x:\n${lines.join('\n')}`);
