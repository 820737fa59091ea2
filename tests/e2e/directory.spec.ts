// The resident directory (docs/rules.md#r2-5 `/resident-directory`, #r5-3-1, #r9-1-4) in
// Chromium against the simulator's seeded property (68 listed residents).
import type { Page } from '@playwright/test';
import { expect, KNOWN, test } from './fixtures';
import { docsScreenshot } from './support/docs-screenshots';

const page1 = (page: Page) => page.getByLabel(/^Page \d+$/);
const rowsOnPage = (page: Page) => page.locator('.directory-page .directory-row');
const lookupSlots = (page: Page) => page.getByRole('status', { name: 'Lookup code' });
const list = (page: Page) => page.getByTestId('directory-list');

test.describe('directory on a button model', () => {
  test("digits typed while the directory's code still loads go into its lookup code, in order", async ({ page, kiosk }) => {
    // A slow panel: the directory's script arrives 1.5 s after it is asked for.
    await page.route(/\/assets\/ResidentDirectoryScreen-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await kiosk.open(page, { model: 'GEN2' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('9');
    await page.keyboard.press('8');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('call resident');
    await expect(lookupSlots(page)).toHaveText('98--');
  });

  test('UP and DOWN page through 20-row pages; the arrows show only where there is more; BACK leaves', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'GEN2' });
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/\/resident-directory$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('call resident');
    await expect(page1(page)).toHaveAccessibleName('Page 1');
    await expect(page.getByRole('button', { name: `${KNOWN.firstResident.lookup} ${KNOWN.firstResident.name}` })).toBeVisible();
    await expect(page.getByText('▼ for more')).toBeVisible();
    await expect(page.getByText('▲ for more')).toBeHidden();
    await expect(rowsOnPage(page)).toHaveCount(20);
    await docsScreenshot(page, 'directory-gen2.png');

    // Every row of every page is on screen (two columns of 10, nothing clipped away).
    const rows = rowsOnPage(page);
    for (let i = 0; i < 20; i += 1) await expect(rows.nth(i)).toBeInViewport();

    let pages = 1;
    while ((await page.getByText('▼ for more').isVisible()) && pages < 20) {
      await page.keyboard.press('ArrowDown');
      pages += 1;
      await expect(page1(page)).toHaveAccessibleName(`Page ${pages}`);
      await expect(page.getByText('▲ for more')).toBeVisible();
    }
    expect(pages).toBeGreaterThanOrEqual(4); // 68 residents and their headings
    await expect(page.getByText('▼ for more')).toBeHidden();
    await expect(page.locator('.directory-page')).toContainText('Zimmerman');
    // DOWN on the last page stays there.
    await page.keyboard.press('PageDown');
    await expect(page1(page)).toHaveAccessibleName(`Page ${pages}`);

    await page.keyboard.press('ArrowUp');
    await expect(page1(page)).toHaveAccessibleName(`Page ${pages - 1}`);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a lookup code calls its resident; a code that names nobody clears the slots', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'GEN1' });
    await page.keyboard.press('ArrowUp');
    await expect(lookupSlots(page)).toHaveText('----');
    for (const digit of '999') await page.keyboard.press(digit);
    await expect(lookupSlots(page)).toHaveText('999-');
    await page.keyboard.press('9');
    await expect(lookupSlots(page)).toHaveText('----');
    await expect(page).toHaveURL(/\/resident-directory$/);

    for (const digit of KNOWN.firstResident.lookup) await page.keyboard.press(digit);
    await expect(page).toHaveURL(new RegExp(`/call\\?resident=${KNOWN.firstResident.id}$`));
  });

  test('tapping a row calls that resident', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'DEFAULT', path: '/resident-directory' });
    await page.getByRole('button', { name: '1339 Kofi Adams' }).click();
    await expect(page).toHaveURL(/\/call\?resident=127$/);
  });

  test('a row tapped on a later page calls that resident, not one on the pages rendered ahead under it', async ({ page, kiosk, sim }) => {
    await kiosk.open(page, { model: 'DEFAULT', path: '/resident-directory' });
    // Opened at its address, where open() waits only for the page's load: the press waits for the directory.
    await expect(page1(page)).toHaveAccessibleName('Page 1');
    await page.keyboard.press('ArrowDown');
    await expect(page1(page)).toHaveAccessibleName('Page 2');
    // Pages 1 and 3, rendered ahead in the same place.
    await expect(page.locator('.directory-ahead')).toHaveCount(2);
    const row = page.locator('.directory-page .directory-resident').first();
    const lookup = (await row.locator('.lookup-code').textContent()) ?? '';
    const residents = (sim.state.property as { residents: { id: number; directory_lookup_code: string }[] }).residents;
    const resident = residents.find((r) => r.directory_lookup_code === lookup);
    expect(resident).toBeDefined();
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/call\\?resident=${resident?.id}$`));
  });
});

test.describe('directory on TOUCH', () => {
  test('A-Z jumps to a letter, letters nobody has are disabled, page buttons stop at the ends', async ({ page, kiosk, sim }) => {
    // Nobody under X: drop the seed's Xu residents before the kiosk loads.
    const property = sim.state.property as { residents: { directory_sort_name: string }[] };
    property.residents = property.residents.filter((r) => !r.directory_sort_name.startsWith('Xu'));

    await kiosk.open(page, { model: 'TOUCH' });
    await page.getByRole('link', { name: 'Call a resident' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('call resident');
    await expect(page.getByText('Tap a resident to call')).toBeVisible();
    await expect(lookupSlots(page)).toHaveCount(0);

    const letters = page.getByRole('navigation', { name: 'Jump to letter' });
    await expect(letters.getByRole('button')).toHaveCount(26);
    await expect(letters.getByRole('button', { name: 'X', exact: true })).toBeDisabled();
    await expect(letters.getByRole('button', { name: 'M', exact: true })).toBeEnabled();

    const pageUp = page.getByRole('button', { name: 'Page up' });
    const pageDown = page.getByRole('button', { name: 'Page down' });
    await expect(pageUp).toBeDisabled();
    await expect(pageDown).toBeEnabled();
    await docsScreenshot(page, 'directory-touch.png');

    await letters.getByRole('button', { name: 'M', exact: true }).click();
    const headingM = list(page).getByRole('heading', { name: 'M', exact: true });
    await expect(headingM).toBeInViewport();
    await expect(list(page).getByRole('heading', { name: 'A', exact: true })).toHaveCount(0); // windowed out
    await expect(pageUp).toBeEnabled();

    for (let i = 0; i < 100 && (await pageDown.isEnabled()); i += 1) await pageDown.click();
    await expect(pageDown).toBeDisabled();
    await expect(list(page).getByRole('button', { name: /Zimmerman/ }).last()).toBeInViewport();

    for (let i = 0; i < 100 && (await pageUp.isEnabled()); i += 1) await pageUp.click();
    await expect(pageUp).toBeDisabled();
    await expect(list(page).getByRole('heading', { name: 'A', exact: true })).toBeInViewport();

    await list(page).getByRole('button', { name: KNOWN.firstResident.name }).click();
    await expect(page).toHaveURL(new RegExp(`/call\\?resident=${KNOWN.firstResident.id}$`));
  });

  test('name search: letters filter on any word of a name, accents ignored; letters that match nobody are disabled; Clear brings the full list back', async ({ page, kiosk, sim }) => {
    // A listed resident whose name has accents on both words, added before the kiosk loads.
    const property = sim.state.property as { residents: Array<Record<string, unknown>> };
    property.residents.push({
      ...property.residents[0],
      id: 991,
      directory_display_name: 'José Núñez',
      directory_sort_name: 'Núñez, José',
      directory_lookup_code: '9991',
    });
    await kiosk.open(page, { model: 'TOUCH' });
    await page.getByRole('link', { name: 'Call a resident' }).click();
    await page.getByRole('button', { name: 'Search' }).click();

    const keyboard = page.getByRole('group', { name: 'Letters of the name' });
    const key = (name: string) => keyboard.getByRole('button', { name, exact: true });
    const typed = page.getByRole('status', { name: 'Name typed' });
    const residents = list(page).getByRole('button');
    await expect(typed).toHaveText('Type the first letters of a name');
    await expect(page.getByRole('navigation', { name: 'Jump to letter' })).toHaveCount(0);

    for (const letter of 'JOSE') await key(letter).click();
    await expect(typed).toHaveText('JOSE');
    await expect(residents).toHaveText(['José Núñez']);
    // Nobody's name goes on from 'jose': every letter is off, and a tap on one changes nothing.
    await expect(keyboard.locator('.name-key:not([aria-disabled="true"])')).toHaveText(['⌫']);
    await key('X').click({ force: true });
    await expect(typed).toHaveText('JOSE');
    await docsScreenshot(page, 'directory-touch-search.png');

    // The second word, typed without its accents; then the seed's 'Ömer Öztürk' by 'oz'.
    for (let i = 0; i < 4; i += 1) await key('Delete the last letter').click();
    for (const letter of 'NUN') await key(letter).click();
    await expect(residents).toHaveText(['José Núñez']);
    for (let i = 0; i < 3; i += 1) await key('Delete the last letter').click();
    for (const letter of 'OZ') await key(letter).click();
    await expect(residents).toHaveText(['Ömer Öztürk']);

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('navigation', { name: 'Jump to letter' })).toBeVisible();
    await expect(residents.first()).toHaveText(KNOWN.firstResident.name);
    await expect(keyboard).toHaveCount(0);

    await page.getByRole('button', { name: 'Search' }).click();
    for (const letter of 'NUN') await key(letter).click();
    await residents.first().click();
    await expect(page).toHaveURL(/\/call\?resident=991$/);
  });

  test('◀ CANCEL goes home', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'TOUCH', path: '/resident-directory' });
    await page.getByRole('button', { name: '◀ CANCEL' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
