// The boot guard: when the kiosk's bundle cannot run in the panel's browser,
// the installer reads which engine this is and what the kiosk needs within
// 10 s, instead of a blank page or 'Loading...' for ever, and the back end
// gets one log line. A kiosk that starts never sees it.
import type { Page } from '@playwright/test';
import { expect, records, test, type Simulator } from './fixtures';

const GUARD_LINE = 'The kiosk did not start in this browser';
const guardLines = (sim: Simulator) => records(sim, 'logs').filter((line) => line.message === GUARD_LINE);
const message = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'The kiosk cannot start in this browser' }) });

test('a bundle with a syntax error: the message names the engine and the floor within 10 s, and the back end gets one line', async ({
  page,
  kiosk,
  sim,
  guard,
}) => {
  test.setTimeout(40_000);
  guard.allowPageErrors(/^SyntaxError/);
  // The kiosk's entry script as an engine without some syntax would read it.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: 'export const broken = ;' }));
  // When the message appears, on the page's own clock (from its start).
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      if (!document.querySelector('main[role="alert"]')) return;
      (window as { shownAt?: number }).shownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(kiosk.url({ token: 'demo-token', model: 'GEN2' }));

  await expect(message(page)).toBeVisible({ timeout: 12_000 });
  expect(await page.evaluate(() => (window as { shownAt?: number }).shownAt)).toBeLessThan(10_000);
  await expect(message(page)).toContainText(/Browser engine: Chromium 1\d\d\./);
  await expect(message(page)).toContainText('The kiosk needs Chromium 83 or newer');
  await expect(message(page)).toContainText('What failed: SyntaxError:');

  await expect.poll(() => guardLines(sim).length).toBe(1);
  const [line] = guardLines(sim);
  expect(line?.meta).toMatchObject({ feature: 'boot-guard', engine: expect.stringMatching(/^Chromium 1\d\d\./), engineSupport: 'supported', error: expect.stringMatching(/^SyntaxError: /) });
});

test("an API the engine lacks, used before the first screen: 'Loading...' gives way to the message at 8 s", async ({ page, kiosk, sim, guard }) => {
  guard.allowPageErrors(/WebSocket is not defined/);
  // An engine without WebSocket: the kiosk's services cannot be built, so it never gets past its splash.
  await page.addInitScript(() => {
    delete (window as { WebSocket?: unknown }).WebSocket;
  });
  await page.clock.install();
  await page.goto(kiosk.url({ token: 'demo-token', model: 'TOUCH' }));
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(message(page)).toHaveCount(0);

  // The page's clock runs on meanwhile: the unit tests hold the exact moment.
  await page.clock.fastForward(8_000);
  await expect(message(page)).toBeVisible();
  await expect(page.getByText('Loading...')).toBeHidden();
  await expect(message(page)).toContainText('What failed: ReferenceError: WebSocket is not defined.');
  await expect.poll(() => guardLines(sim).map((line) => line.meta.error)).toEqual(['ReferenceError: WebSocket is not defined']);
  // A minute later: still the one message and the one line.
  await page.clock.fastForward(60_000);
  await expect(message(page)).toHaveCount(1);
  expect(guardLines(sim)).toHaveLength(1);
});

test('a kiosk that starts never shows the message nor sends its line', async ({ page, kiosk, sim }) => {
  await page.clock.install();
  await kiosk.open(page);
  await page.clock.fastForward(70_000);
  await expect(page.locator('#root')).toBeVisible();
  await expect(message(page)).toHaveCount(0);
  expect(guardLines(sim)).toEqual([]);
});
