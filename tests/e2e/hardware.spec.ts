// The panel's hardware socket (docs/protocol.md; docs/rules.md#r4-7-4, #r4-8, #r5-1-3, #r8-1-1, #r7-3).
import { expect, expectGateOpened, hardwareIn, KNOWN, nextLoad, pauseClockNow, recordSocketSends, records, test, waitForHardwareSocket } from './fixtures';

test.describe('hardware socket', () => {
  test('announces the page address without the token once connected', async ({ page, kiosk, sim, waitForRecord }) => {
    await kiosk.open(page, { model: 'GEN2' });
    const detect = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'detectUrl');
    expect(detect.params).toEqual([`${kiosk.origin}/?model=GEN2`]);
    expect(JSON.stringify(records(sim, 'hardware'))).not.toContain('demo-token');
  });

  test('a valid card read opens the gate and sends a granted request', async ({ page, kiosk, sim, waitForRecord }) => {
    await recordSocketSends(page);
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);

    expect(sim.facility(KNOWN.staffCode)).toBe(1);
    await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
    await expectGateOpened(page, sim, KNOWN.staffCode);
    const request = await waitForRecord('accessRequests');
    expect(request).toMatchObject({ user_code: KNOWN.staffCode, access_granted: true });
  });

  test('a card read matches codes by numeric value (777 is 00777)', async ({ page, kiosk, sim, waitForRecord }) => {
    await kiosk.open(page, { model: 'TOUCH' });
    await waitForHardwareSocket(sim);

    sim.facility('777');
    await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
    const relay = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'enable_relay1');
    expect(Number(relay.gateOpening.code)).toBe(777);
    const request = await waitForRecord('accessRequests');
    expect(request).toMatchObject({ access_granted: true });
    expect(Number(request.user_code)).toBe(777);
  });

  test('a 19-digit card is compared exactly: the card one number on is refused, the card itself opens', async ({ page, kiosk, sim, waitForRecords }) => {
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);

    sim.facility(KNOWN.longCardNeighbour);
    await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText("Sorry, that code didn't work");
    sim.facility(KNOWN.longCard);
    const [relay] = await waitForRecords('hardware', (r) => r.direction === 'in' && r.method === 'enable_relay1', 1);
    expect(relay!.gateOpening).toMatchObject({ code: KNOWN.longCard });
    expect(hardwareIn(sim, 'wiegand').map((r) => r.params)).toEqual([[0, KNOWN.longCard]]);
    const requests = await waitForRecords('accessRequests', () => true, 2);
    expect(requests.map((r) => [r.user_code, r.access_granted])).toEqual([
      [KNOWN.longCardNeighbour, false],
      [KNOWN.longCard, true],
    ]);
  });

  test('an invalid card read shows the error and sends a denied request, no gate', async ({ page, kiosk, sim, waitForRecord }) => {
    await kiosk.open(page, { model: 'GEN1' });
    await waitForHardwareSocket(sim);

    sim.facility(KNOWN.invalidCode);
    const overlay = page.getByRole('alertdialog');
    await expect(overlay.getByRole('heading')).toHaveText("Sorry, that code didn't work");
    await expect(overlay).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    const request = await waitForRecord('accessRequests');
    expect(request).toMatchObject({ user_code: KNOWN.invalidCode, access_granted: false });
    expect(hardwareIn(sim).map((r) => r.method)).toEqual(['detectUrl']);
  });

  test('a card read works on any screen', async ({ page, kiosk, sim, waitForRecord }) => {
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    await page.keyboard.press('4');
    await expect(page).toHaveURL(/\/enter-code/);

    sim.facility(KNOWN.residentCode);
    await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
    await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'enable_relay1');
  });

  test('refresh from the panel reloads the page', async ({ page, kiosk, sim, waitForRecords }) => {
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    await page.evaluate(() => Object.assign(window, { beforeRefresh: true }));

    const reloaded = nextLoad(page);
    expect(sim.refresh()).toBe(1);
    await reloaded;
    expect(await page.evaluate(() => 'beforeRefresh' in window)).toBe(false);
    await expect(page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible();
    // The new page connects again and announces itself again.
    await waitForRecords('hardware', (r) => r.direction === 'in' && r.method === 'detectUrl', 2);
  });

  test('refresh before the frame that writes a new screen\'s address reloads onto that screen', async ({ page, kiosk, sim }) => {
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    // Idle (its callbacks come at 2 s at the latest): code entry is kept over home, for the digit to show.
    await page.clock.runFor(2_500);
    // Paused: no frame comes, so the code entry's address is still waiting for one when the refresh comes.
    await pauseClockNow(page);
    await page.keyboard.press('4');
    // Shown, though not yet React's: assistive technology still has home (useCodeEntryAtOnce.ts).
    const shown = page.locator('.code-entry-ahead');
    await expect(shown).toHaveCSS('opacity', '1');
    await expect(shown.locator('h1')).toHaveText('Enter a numeric code');
    expect(await page.evaluate(() => location.pathname)).toBe('/');

    const reloaded = nextLoad(page);
    expect(sim.refresh()).toBe(1);
    await reloaded;
    await expect(page).toHaveURL((url) => url.pathname === '/enter-code' && url.searchParams.get('initialCode') === '4');
    await expect(page.getByRole('heading', { name: 'Enter a numeric code' })).toBeVisible();
  });
});
