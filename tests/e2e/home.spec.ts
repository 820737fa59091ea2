// The home screen: title, links, footer, hardware buttons (docs/rules.md#r2-3, `/`).
import { readFileSync } from 'node:fs';
import { expect, nextLoad, pauseClockNow, test, waitForHardwareSocket } from './fixtures';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

test.describe('home screen', () => {
  test('welcomes visitors to the property, hides the token, shows the version', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'GEN2' });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Maple Court Apartments!');
    const address = new URL(page.url());
    expect(address.searchParams.has('token')).toBe(false);
    expect(page.url()).not.toContain('demo-token');
    expect(address.searchParams.get('model')).toBe('GEN2');
    await expect(page.locator('footer').filter({ hasText: /^v\d/ })).toHaveText(`v${version}`);
    await expect(page).toHaveTitle(/.+/);
  });

  test('shows every link the seeded device enables', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'TOUCH' });
    const links = page.getByRole('navigation').getByRole('link');
    await expect(links).toHaveText(['Enter a numeric code', 'Scan a QR code', 'Call a resident', 'Call a manager']);
  });

  test('hides links the device disables and the manager link without a phone', async ({ page, kiosk, sim }) => {
    sim.patchProperty({
      device: { enable_qr_codes: false, enable_resident_directory: false },
      property: { phone: null },
    });
    await kiosk.open(page, { model: 'TOUCH' });
    await expect(page.getByRole('navigation').getByRole('link')).toHaveText(['Enter a numeric code']);
  });

  test('links go to their screens', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'TOUCH' });
    const targets: Array<[string, RegExp]> = [
      ['Enter a numeric code', /\/enter-code$/],
      ['Scan a QR code', /\/scan-qr$/],
      ['Call a resident', /\/resident-directory$/],
      ['Call a manager', /\/call$/],
    ];
    for (const [name, url] of targets) {
      await page.getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
      await page.goBack();
      await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
    }
  });

  test('hardware buttons open the screens', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'GEN2' });
    const presses: Array<[string, RegExp]> = [
      ['ArrowUp', /\/resident-directory$/],
      ['ArrowDown', /\/resident-directory$/],
      ['Enter', /\/scan-qr$/],
      ['Escape', /\/call$/],
      ['7', /\/enter-code\?initialCode=7$/],
      ['Space', /\/call\?resident=/],
    ];
    for (const [key, url] of presses) {
      await page.keyboard.press(key);
      await expect(page, `after ${key}`).toHaveURL(url);
      await page.goBack();
      await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
    }
  });

  test('a digit pre-fills the code entry', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'GEN1' });
    await page.keyboard.press('4');
    await expect(page.getByRole('status', { name: 'Code entered' })).toHaveText('*----');
  });

  test("a button panel's first digit shows code entry over home in its key press: the screen React renders once that frame is shown", async ({ page, kiosk }) => {
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    // Rendered ahead once idle (its idle callback comes at the latest at 2 s), transparent over home.
    await page.clock.runFor(2_500);
    const layer = page.locator('.code-entry-kept');
    await expect(layer).toHaveCSS('opacity', '0');
    // The page's timers and frames stopped: what the press shows stays on screen until the clock goes on.
    await pauseClockNow(page);
    await page.keyboard.press('4');
    await expect(layer).toHaveCSS('opacity', '1');
    expect(new URL(page.url()).pathname).toBe('/');
    const shown = await page.screenshot();
    await page.clock.resume();
    await expect(page).toHaveURL(/\/enter-code\?initialCode=4$/);
    // Kept with home under React's code entry, transparent again for the next visit.
    await expect(layer).toHaveCSS('opacity', '0');
    await expect(page.getByRole('status', { name: 'Code entered' })).toHaveText('*----');
    expect((await page.screenshot()).equals(shown), 'the same pixels before and after React took over').toBe(true);
  });

  test('tapping the logo reloads the page', async ({ page, kiosk, sim }) => {
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const reloaded = nextLoad(page);
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    await expect(page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible();
  });
});
