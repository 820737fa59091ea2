// The device keeping itself current (SPEC.md sections 4 and 9): check-in
// every 30 s, property data every 60 s (every 5 s while failing).
import { API_DOWN_ERRORS, expect, fastForwardUntil, records, test, waitForChannel } from './fixtures';

test.describe('polling', () => {
  test('checks in at start and every 30 s', async ({ page, kiosk, sim }) => {
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await expect.poll(() => records(sim, 'checkins').length).toBe(1);
    // Let the page take the answer in and set its next timer.
    await page.waitForTimeout(300);

    await page.clock.fastForward(20_000);
    await page.waitForTimeout(300);
    expect(records(sim, 'checkins')).toHaveLength(1);
    await page.clock.fastForward(10_500);
    await expect.poll(() => records(sim, 'checkins').length).toBe(2);
    await page.waitForTimeout(300);
    await page.clock.fastForward(30_000);
    await expect.poll(() => records(sim, 'checkins').length).toBe(3);
  });

  test('without an event the property is reloaded every 60 s', async ({ page, kiosk, sim }) => {
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    // Subscribed before the clock jumps: a jump would time out an authorization still on its way.
    await waitForChannel(sim);
    // Changed behind the kiosk's back: no property-updated event.
    (sim.state.property as { property: { public_name: string } }).property.public_name = 'Quiet Change';
    await page.clock.fastForward(30_000);
    await page.waitForTimeout(300);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Maple Court Apartments!');
    await page.clock.fastForward(31_000);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Quiet Change!');
  });

  test('after a failed load the property is retried every 5 s and the shown data is kept', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    allowConsoleErrors(...API_DOWN_ERRORS);
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    sim.setOffline(true);
    const failed = page.waitForResponse((r) => r.url().endsWith('/api/telephone-entry/property') && r.status() === 503);
    await page.clock.fastForward(60_000);
    await failed;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Maple Court Apartments!');

    sim.setOffline(false);
    (sim.state.property as { property: { public_name: string } }).property.public_name = 'Back Online';
    // 5 s steps: a 60 s wait would need twelve of them, more than the time allowed.
    await fastForwardUntil(
      page,
      5_000,
      () => expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Back Online!', { timeout: 500 }),
      { timeout: 4_000 },
    );
  });
});
