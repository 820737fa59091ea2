// The notification overlay (docs/rules.md#r2-2-4, #r2-2-5, #r4-10-1).
import { expect, KNOWN, nextLoad, pauseClockNow, test, typeCode, waitForHardwareSocket } from './fixtures';

test.describe('notifications', () => {
  test('the overlay goes after 5 s and the page reloads', async ({ page, kiosk }) => {
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    let loads = 0;
    page.on('load', () => (loads += 1));
    // Paused: only the jumps below move the kiosk's clock, however long a loaded machine takes between them.
    await pauseClockNow(page);

    await typeCode(page, KNOWN.invalidCode);
    // The outcome shows after the fifth digit's frame, and a paused clock plays frames only as it is run.
    await page.clock.runFor(100);
    const overlay = page.getByRole('alertdialog');
    await expect(overlay).toBeVisible();

    await page.clock.fastForward(4_400);
    await expect(overlay).toBeVisible();
    expect(loads).toBe(0);

    const reloaded = nextLoad(page);
    await page.clock.fastForward(600);
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible();
    await expect(overlay).toHaveCount(0);
    // Exactly one: a reload before 5 s would have made two.
    expect(loads).toBe(1);
  });

  test('the success overlay also reloads after 5 s, once the gate is signalled', async ({ page, kiosk, sim, waitForRecord }) => {
    // The real clock: a jump of the page's clock would overtake the relay's answer on its way.
    await kiosk.open(page, { model: 'TOUCH' });
    await waitForHardwareSocket(sim);
    const reloaded = nextLoad(page);
    sim.facility(KNOWN.residentCode);
    await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
    await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'enable_relay1');
    await reloaded;
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('hardware buttons are ignored while a notification shows', async ({ page, kiosk }) => {
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await typeCode(page, KNOWN.invalidCode);
    await expect(page.getByRole('alertdialog')).toBeVisible();

    for (const key of ['1', 'ArrowUp', 'Enter', 'Escape']) await page.keyboard.press(key);
    await expect(page).toHaveURL((url) => url.pathname === '/');

    // The reload keeps the address: had a key opened a screen, the page would come back on it.
    const reloaded = nextLoad(page);
    await page.clock.fastForward(5_000);
    await reloaded;
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.keyboard.press('1');
    await expect(page).toHaveURL(/\/enter-code\?initialCode=1$/);
  });
});
