// Panel models: button labels and strings on the home and code screens
// (docs/rules.md#r2-2, the application shell). Also writes a screenshot of both
// screens per model to test-results/screenshots/, and with
// UPDATE_DOCS_SCREENSHOTS=1 a few of them to docs/screenshots/.
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test, waitForStorage, type PanelModelName } from './fixtures';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const DOCS_SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
/** test-results name -> docs/screenshots name (lower case, like the other docs screenshots). */
const FOR_DOCS: Record<string, string> = {
  'GEN2-home': 'home-gen2.png',
  'GEN2-enter-code': 'enter-code-gen2.png',
  'TOUCH-home': 'home-touch.png',
  'TOUCH-enter-code': 'enter-code-touch.png',
};

/** test-results/screenshots/<name>.png on every run; docs/screenshots/ only when asked to. */
async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const file = `${SCREENSHOTS}${name}.png`;
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  const docsName = FOR_DOCS[name];
  if (process.env.UPDATE_DOCS_SCREENSHOTS === '1' && docsName) {
    await mkdir(DOCS_SCREENSHOTS, { recursive: true });
    await copyFile(file, `${DOCS_SCREENSHOTS}${docsName}`);
  }
}

const BUTTON_MODELS = {
  DEFAULT: { back: 'BACK', go: 'GO' },
  GEN1: { back: 'Esc', go: 'Enter' },
  GEN2: { back: 'Back', go: 'Enter' },
  GEN3: { back: '*', go: '#' },
} as const;

const keypad = (page: Page) => page.locator('.keypad').getByRole('button');
const hint = (page: Page, link: string) => page.getByRole('link', { name: link }).locator('kbd');

async function expectButtonModel(page: Page, labels: { back: string; go: string }) {
  await expect(hint(page, 'Enter a numeric code')).toHaveText('0-9');
  await expect(hint(page, 'Scan a QR code')).toHaveText(labels.go);
  await expect(hint(page, 'Call a resident')).toHaveText('▲ ▼');
  await expect(hint(page, 'Call a manager')).toHaveText(labels.back);
}

for (const [model, labels] of Object.entries(BUTTON_MODELS) as Array<[PanelModelName, { back: string; go: string }]>) {
  test(`${model}: '${labels.back}' and '${labels.go}' on home, 'Press ${labels.back} to cancel' on code entry`, async ({ page, kiosk }) => {
    await kiosk.open(page, { model });
    await expectButtonModel(page, labels);
    await saveScreenshot(page, `${model}-home`);

    await page.getByRole('link', { name: 'Enter a numeric code' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter a numeric code');
    await expect(page.getByRole('button', { name: `Press ${labels.back} to cancel` })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Code entered' })).toHaveText('-----');
    await expect(keypad(page)).toHaveCount(0);
    await page.keyboard.press('1');
    await page.keyboard.press('2');
    await expect(page.getByRole('status', { name: 'Code entered' })).toHaveText('**---');
    await saveScreenshot(page, `${model}-enter-code`);

    await page.getByRole('button', { name: `Press ${labels.back} to cancel` }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('TOUCH: no button hints on home, on-screen keypad and ◀ CANCEL on code entry', async ({ page, kiosk }) => {
  await kiosk.open(page, { model: 'TOUCH' });
  await expect(page.getByRole('link', { name: 'Call a resident' })).toBeVisible();
  await expect(page.getByRole('navigation').locator('kbd')).toHaveCount(0);
  await saveScreenshot(page, 'TOUCH-home');

  await page.getByRole('link', { name: 'Enter a numeric code' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter a numeric code');
  await expect(keypad(page)).toHaveText(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0']);
  await expect(page.getByRole('button', { name: '◀ CANCEL' })).toBeVisible();
  await expect(page.getByText(/^Press .* to cancel$/)).toHaveCount(0);
  await keypad(page).getByText('1', { exact: true }).click();
  await keypad(page).getByText('2', { exact: true }).click();
  await expect(page.getByRole('status', { name: 'Code entered' })).toHaveText('**---');
  await saveScreenshot(page, 'TOUCH-enter-code');

  await page.getByRole('button', { name: '◀ CANCEL' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown model falls back to DEFAULT', async ({ page, kiosk }) => {
  await kiosk.open(page, { model: 'GEN9' });
  await expectButtonModel(page, BUTTON_MODELS.DEFAULT);
  await page.keyboard.press('5');
  await expect(page.getByRole('button', { name: 'Press BACK to cancel' })).toBeVisible();
});

test('an unknown model replaces a stored one with DEFAULT', async ({ page, kiosk }) => {
  await kiosk.open(page, { model: 'GEN3' });
  await expectButtonModel(page, BUTTON_MODELS.GEN3);
  await waitForStorage(page, 'GEN3');
  await kiosk.open(page, { model: 'NOT-A-PANEL', token: null });
  await expectButtonModel(page, BUTTON_MODELS.DEFAULT);
});

test('the model is remembered when the address names none', async ({ page, kiosk }) => {
  await kiosk.open(page, { model: 'GEN1' });
  await expectButtonModel(page, BUTTON_MODELS.GEN1);
  await waitForStorage(page, 'GEN1');
  await kiosk.open(page, { model: null, token: null, waitForHome: true });
  await expectButtonModel(page, BUTTON_MODELS.GEN1);
});

// An 800x480 panel does not scroll: every control has to be on the screen.
for (const model of ['GEN2', 'TOUCH'] as const) {
  test(`${model}: home and code entry fit an 800x480 screen`, async ({ page, kiosk }) => {
    await kiosk.open(page, { model });
    for (const link of await page.getByRole('navigation').getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
    await expect(page.locator('footer').filter({ hasText: /^v\d/ })).toBeInViewport({ ratio: 1 });

    await page.getByRole('link', { name: 'Enter a numeric code' }).click();
    await expect(page.getByRole('status', { name: 'Code entered' })).toBeInViewport({ ratio: 1 });
    for (const key of await keypad(page).all()) await expect(key).toBeInViewport({ ratio: 1 });
    // Code entry's own: not those of the screens kept hidden under it or drawn ahead (aria-hidden).
    await expect(page.getByRole('main').locator('button.cancel')).toBeInViewport({ ratio: 1 });
  });
}
