// Checking a notification on a busy machine: it lasts 5 s of the page's clock,
// and a check can take longer. With page.clock installed, the clock is paused
// while the check runs (the checks run in an isolated world, where the paused
// clock does not reach: support/isolatedWorld.ts), then the notification is
// let end, and the reload after it is told from the page that showed it.
import { expect, type Locator, type Page } from '@playwright/test';
import { pauseClockNow } from './page';

/** Runs `check` with the page's clock (page.clock.install()) paused where it is now. */
export async function whileClockPaused(page: Page, check: () => Promise<void>): Promise<void> {
  await pauseClockNow(page);
  try {
    await check();
  } finally {
    await page.clock.resume();
  }
}

type Marked = { showedNotification?: boolean };

/** Marks the page that shows a notification: the mark is gone once it reloads. */
export const markPage = (page: Page) => page.evaluate(() => ((window as Marked).showedNotification = true));
const isMarked = (page: Page) => page.evaluate(() => (window as Marked).showedNotification === true).catch(() => true);

/**
 * Skips the notification's 5 s on a page marked by markPage; the page then
 * reloads and shows `home`. Should the notification have ended, and the page
 * reloaded, already, the missing mark says so.
 */
export async function dismissNotification(page: Page, home: Locator): Promise<void> {
  if (await isMarked(page)) await page.clock.fastForward(5_000);
  await expect.poll(() => isMarked(page)).toBe(false);
  await expect(home).toBeVisible();
}
