// A courier's delivery from home (docs/rules.md#r2-3-9, #r2-7-8): the
// Delivery link (DOWN on button panels), the resident picked as on the
// directory: the lookup code on buttons, the A-Z bar and a tap on TOUCH;
// after nobody answered, the picture and the clip.
import { expect, type Page } from '@playwright/test';
import { text, type Language } from './accessibility';
import type { SeedResident } from './directoryCall';

/** From home with deliveries on, the delivery directory: a tap on TOUCH, DOWN on the others. */
export async function openDelivery(page: Page, touch: boolean, link = 'Delivery'): Promise<void> {
  if (touch) await page.getByRole('navigation').getByRole('link', { name: link }).click();
  else await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL((url) => url.pathname === '/resident-directory' && url.search === '?reason=delivery');
  await expect(page.locator('.directory-delivery')).toBeVisible();
}

/** On the delivery directory, picks `who`: the delivery call's screen opens. */
export async function pickForDelivery(page: Page, touch: boolean, who: SeedResident): Promise<void> {
  if (touch) {
    const letter = who.directory_display_name.split(' ').at(-1)![0]!;
    await page.locator('.letter', { hasText: new RegExp(`^${letter}$`) }).click();
    await page.getByRole('button', { name: who.directory_display_name, exact: true }).click();
  } else {
    for (const digit of who.directory_lookup_code) await page.keyboard.press(digit);
  }
  await expect(page).toHaveURL((url) => url.pathname === '/call' && url.searchParams.get('reason') === 'delivery');
  await expect(page.locator('.call-reason')).toBeVisible();
}

/** At the offer after a delivery nobody answered: GO (a tap on TOUCH) takes the picture, and the clip's offer shows it. */
export async function takePicture(page: Page, touch: boolean, language: Language = 'en'): Promise<void> {
  if (touch) await page.getByRole('button', { name: text(language, 'delivery.sendPicture') }).click();
  else await page.keyboard.press('Enter');
  await expect(page.getByText(text(language, 'delivery.clipOffer'))).toBeVisible();
  await expect(page.getByRole('img', { name: text(language, 'delivery.yourPicture') })).toHaveJSProperty('complete', true);
}

/** At the clip's offer: GO (a tap on TOUCH) records; resolves once the camera's picture plays beside the countdown. */
export async function startClip(page: Page, touch: boolean, language: Language = 'en'): Promise<void> {
  if (touch) await page.getByRole('button', { name: text(language, 'delivery.addClip') }).click();
  else await page.keyboard.press('Enter');
  await expect(page.getByRole('timer')).toBeVisible();
  await expect.poll(() => page.locator('.call-preview').evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(2);
}
