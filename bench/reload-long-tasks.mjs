// Long tasks after a reload of a settled page: `node bench/reload-long-tasks.mjs
// [residents] [reloads]` (defaults 50000, 3). GEN2, main thread slowed 4x, the
// simulator's large seed. For each reload: when the welcome showed, and every
// Long Task (50 ms or more) in the 8 s after it, [start, duration] in ms from
// the page's start: a key pressed during one waits for its end.
import { chromium } from '@playwright/test';
import { largeSeed } from '../simulator/seed.mjs';
import { CHROMIUM, CHROMIUM_ARGS, sleep, startKiosk } from './common.mjs';
import { openKiosk } from './keys.mjs';

const residents = Number(process.argv[2] ?? 50_000);
const reloads = Number(process.argv[3] ?? 3);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const kiosk = await startKiosk({ property: largeSeed(residents) });
try {
  const { page } = await openKiosk(browser, kiosk, 'GEN2', () => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  for (let reload = 1; reload <= reloads; reload += 1) {
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome to / }).waitFor({ timeout: 120_000 });
    const welcome = Math.round(await page.evaluate(() => performance.now()));
    await sleep(8000);
    const tasks = await page.evaluate(() => window.longTasks);
    const longest = Math.max(0, ...tasks.map(([, ms]) => ms));
    console.log(`${residents} residents, reload ${reload}: welcome at ${welcome} ms; longest task ${longest} ms; long tasks [start, ms]: ${JSON.stringify(tasks)}`);
  }
} finally {
  await browser.close();
  await kiosk.close();
}
