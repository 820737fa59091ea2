// Intermittent connectivity (docs/rules.md#r1-1-6, #r4-4, #r4-5, #r9-2-3): access requests
// survive an API outage and a reload; online-only links follow the browser.
import type { Page } from '@playwright/test';
import {
  API_DOWN_ERRORS,
  BROWSER_OFFLINE_ERRORS,
  CHANNEL_DOWN_ERRORS,
  expect,
  fastForwardUntil,
  HARDWARE_OVERTAKEN_ERRORS,
  KNOWN,
  nextLoad,
  records,
  storedQueue,
  test,
  typeCode,
  waitForHardwareSocket,
  type SimRecord,
  type Simulator,
} from './fixtures';

const ACCESS_REQUESTS = '/api/telephone-entry/access-requests';

interface Item {
  user_code: string;
  access_granted: boolean;
  created_at: string;
}

/** Every access request the kiosk got a 2xx answer for, one entry per item per answer. */
function trackDeliveries(page: Page) {
  const delivered: Item[] = [];
  const failed: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !response.url().endsWith(ACCESS_REQUESTS)) return;
    if (!response.ok()) {
      failed.push(response.status());
      return;
    }
    delivered.push(...(request.postDataJSON() as { requests: Item[] }).requests);
  });
  return { delivered, failed };
}

const homeHeading = (page: Page) => page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' });

/**
 * Lets the current notification expire (5 s) and waits for the reload that
 * follows, and for the new page's hardware socket: the test's next clock jump
 * would otherwise overtake a connection still opening on a loaded machine.
 */
async function expireNotificationAndReload(page: Page, sim: Simulator) {
  const reloaded = nextLoad(page);
  await page.clock.fastForward(5_000);
  await reloaded;
  await expect(homeHeading(page)).toBeVisible();
  await waitForHardwareSocket(sim);
}

test.describe('offline', () => {
  test('codes entered while the API is down are delivered once it is back: none lost, none twice', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    // Each reload starts the hardware socket and the channel again; the clock's
    // jumps that follow may overtake their answers on a loaded machine.
    allowConsoleErrors(...API_DOWN_ERRORS, ...CHANNEL_DOWN_ERRORS, ...HARDWARE_OVERTAKEN_ERRORS);
    test.slow();
    const { delivered, failed } = trackDeliveries(page);
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    sim.setOffline(true);

    const entered: Array<[string, boolean]> = [
      [KNOWN.residentCode, true],
      [KNOWN.invalidCode, false],
      [KNOWN.propertyGuestCode, true],
    ];
    for (const [code, granted] of entered) {
      const refused = page.waitForResponse((r) => r.url().endsWith(ACCESS_REQUESTS) && r.status() === 503);
      await typeCode(page, code);
      await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText(
        granted ? 'Access Granted!' : "Sorry, that code didn't work",
      );
      // The kiosk tries to send soon after the entry, and the API refuses.
      await refused;
      // Reload in between: the queue has to come back from storage.
      await expireNotificationAndReload(page, sim);
    }
    expect(records(sim, 'accessRequests')).toEqual([]);
    expect(failed.length).toBeGreaterThanOrEqual(entered.length);

    sim.setOffline(false);
    // The next batch goes out on the 30 s timer. Each step waits long enough for
    // a slow machine's answer: jumping the clock again while the batch is in
    // flight would time it out and send it twice.
    await fastForwardUntil(
      page,
      30_000,
      () => expect.poll(() => records(sim, 'accessRequests').length, { timeout: 4_000 }).toBe(entered.length),
      { timeout: 20_000 },
    );

    // The kiosk has read the answer once its stored queue is empty; jumping the
    // clock before then would time the answered send out and resend it.
    await expect.poll(() => storedQueue(page), { timeout: 10_000 }).toEqual([]);
    // Two more batch periods, each ended by the kiosk's check-in of that period: nothing is sent again.
    for (let period = 0; period < 2; period += 1) {
      const checkedIn = page.waitForResponse((r) => r.url().endsWith('/api/telephone-entry/checkin'));
      await page.clock.fastForward(30_000);
      await checkedIn;
    }
    const received = records(sim, 'accessRequests');
    expect(received.map((r: SimRecord) => [r.user_code, r.access_granted])).toEqual(entered);
    expect(new Set(received.map((r: SimRecord) => r.created_at)).size).toBe(entered.length);
    expect(delivered).toEqual(received.map(({ user_code, access_granted, created_at }: SimRecord) => ({ user_code, access_granted, created_at })));
  });

  test('5,000 card reads through the console route while the API is down, then two reloads: the gate still opens, and each record reaches the back end once', async ({
    page,
    kiosk,
    sim,
    waitForRecords,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(...API_DOWN_ERRORS, ...CHANNEL_DOWN_ERRORS, ...HARDWARE_OVERTAKEN_ERRORS);
    test.setTimeout(240_000);
    // Every delivery is counted: the simulator keeps its newest 500 records unless told otherwise.
    (sim.state as { recordLimit: number }).recordLimit = 10_000;
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    sim.setOffline(true);
    // Cards no one holds, each its own number, read as the console reads them (POST /sim/facility).
    const cards = Array.from({ length: 5_000 }, (_, index) => String(900_000_000 + index));
    for (let start = 0; start < cards.length; start += 50) {
      await Promise.all(
        cards.slice(start, start + 50).map(async (code) => {
          const response = await fetch(`${sim.url}/sim/facility`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) });
          expect(response.ok).toBe(true);
        }),
      );
    }
    await expect.poll(async () => (await storedQueue(page)).length, { timeout: 60_000 }).toBe(cards.length);

    for (let reload = 0; reload < 2; reload += 1) {
      await page.reload();
      await expect(homeHeading(page)).toBeVisible();
    }
    await waitForHardwareSocket(sim);
    sim.facility(KNOWN.staffCode);
    await expect.poll(() => records(sim, 'hardware').filter((r) => r.method === 'wiegand').map((r) => r.params[1])).toEqual([KNOWN.staffCode]);

    sim.setOffline(false);
    const delivered = await waitForRecords('accessRequests', () => true, cards.length + 1, { timeout: 120_000 });
    const refused = delivered.filter((r) => !r.access_granted).map((r) => r.user_code as string);
    expect(new Set(refused).size).toBe(refused.length);
    expect(refused.sort()).toEqual(cards);
    expect(delivered.filter((r) => r.access_granted).map((r) => r.user_code)).toEqual([KNOWN.staffCode]);
    await expect.poll(() => storedQueue(page), { timeout: 60_000 }).toEqual([]);
    expect(records(sim, 'accessRequests')).toHaveLength(cards.length + 1);
  });

  test('going offline hides the online-only links; they come back online', async ({ page, context, kiosk, allowConsoleErrors }) => {
    // The channel is authorized after the first screen; going offline at once may catch it.
    allowConsoleErrors(...BROWSER_OFFLINE_ERRORS);
    await kiosk.open(page, { model: 'TOUCH' });
    const links = page.getByRole('navigation').getByRole('link');
    await expect(links).toHaveText(['Enter a numeric code', 'Scan a QR code', 'Call a resident', 'Call a manager']);

    await context.setOffline(true);
    await expect(links).toHaveText(['Enter a numeric code', 'Scan a QR code']);
    await expect(page.getByRole('link', { name: 'Call a resident' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Call a manager' })).toHaveCount(0);

    await context.setOffline(false);
    await expect(links).toHaveText(['Enter a numeric code', 'Scan a QR code', 'Call a resident', 'Call a manager']);
  });

  test('offline, the buttons for the online-only screens do nothing', async ({ page, context, kiosk, allowConsoleErrors }) => {
    // The channel is authorized after the first screen; going offline at once may catch it.
    allowConsoleErrors(...BROWSER_OFFLINE_ERRORS);
    await kiosk.open(page, { model: 'GEN2' });
    // The screens the first bundle leaves out load once the page is idle after home shows.
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await expect(page.getByRole('link', { name: 'Call a manager' })).toHaveCount(0);

    for (const key of ['ArrowUp', 'ArrowDown', 'Escape', 'Space']) await page.keyboard.press(key);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    // Keys are handled in order: had one of them opened a screen, GO would not lead to the QR scan from there.
    // Offline features still work, screens the first bundle left out included.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/scan-qr$/);
    await expect(page.getByRole('heading', { name: 'Scan a QR code' })).toBeVisible();
  });

  test('a code entered while the browser is offline is sent when it is back online', async ({ page, context, kiosk, sim, waitForRecord, allowConsoleErrors }) => {
    // The refusal's sound was not loaded yet, and cannot be while offline.
    allowConsoleErrors(...BROWSER_OFFLINE_ERRORS, /^Sound sorryCode failed to load /);
    await kiosk.open(page, { model: 'GEN2' });
    await context.setOffline(true);
    await expect(page.getByRole('link', { name: 'Call a manager' })).toHaveCount(0);

    await typeCode(page, KNOWN.invalidCode);
    await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText("Sorry, that code didn't work");
    expect(records(sim, 'accessRequests')).toEqual([]);

    await context.setOffline(false);
    const request = await waitForRecord('accessRequests');
    expect(request).toMatchObject({ user_code: KNOWN.invalidCode, access_granted: false });
  });
});
