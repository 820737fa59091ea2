// The property's real-time channel (docs/rules.md#r4-3, #r7-2; docs/protocol.md).
import { expect, test, waitForChannel } from './fixtures';

test.describe('real-time channel', () => {
  test('property-updated shows the renamed property without a reload', async ({ page, kiosk, sim }) => {
    await kiosk.open(page, { model: 'GEN2' });
    await waitForChannel(sim);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    let loads = 0;
    page.on('load', () => (loads += 1));

    expect(sim.patchProperty({ property: { public_name: 'Birch Hall' } })).toBe(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Birch Hall!');
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(loads).toBe(0);
  });

  test('property-updated applies changed device flags at once', async ({ page, kiosk, sim }) => {
    await kiosk.open(page, { model: 'TOUCH' });
    await waitForChannel(sim);
    await expect(page.getByRole('link', { name: 'Scan a QR code' })).toBeVisible();

    sim.patchProperty({ device: { enable_qr_codes: false, enable_call_manager: false } });
    await expect(page.getByRole('navigation').getByRole('link')).toHaveText(['Enter a numeric code', 'Call a resident']);

    sim.patchProperty({ device: { enable_qr_codes: true } });
    await expect(page.getByRole('navigation').getByRole('link')).toHaveText([
      'Enter a numeric code',
      'Scan a QR code',
      'Call a resident',
    ]);
  });
});
