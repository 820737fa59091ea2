// Long tasks after a reload of a settled page, and what they were.
import { chromium } from '@playwright/test';
import { largeSeed } from '../simulator/seed.mjs';
import { CHROMIUM, CHROMIUM_ARGS, sleep, startKiosk } from './common.mjs';
import { openKiosk } from './keys.mjs';
const residents = Number(process.argv[2] ?? 5000);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const kiosk = await startKiosk({ property: largeSeed(residents) });
const { page, reloaded } = await openKiosk(browser, kiosk, 'GEN2', () => {
  window.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
});
for (let i = 0; i < 3; i += 1) {
  await page.reload();
  await page.getByRole('heading', { name: /^Welcome to / }).waitFor({ timeout: 120_000 });
  const shown = await page.evaluate(() => performance.now());
  await sleep(8000);
  const long = await page.evaluate(() => window.__long);
  console.log(`reload ${i}: welcome at ${Math.round(shown)} ms; long tasks [start, ms]:`, JSON.stringify(long.filter(([, d]) => d >= 50)));
}
await browser.close(); await kiosk.close();
