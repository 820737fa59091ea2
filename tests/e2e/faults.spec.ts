// What the kiosk survives: every fault the simulator can play on its API,
// hung calls, a Pusher server restart, a hardware socket that drops or
// refuses, and a full storage quota. No crash, no lost record, and it
// recovers by itself.
import type { Page } from '@playwright/test';
import {
  API_DOWN_ERRORS,
  CHANNEL_DOWN_ERRORS,
  expect,
  fastForwardUntil,
  hardwareIn,
  KNOWN,
  nextLoad,
  records,
  test,
  typeCode,
  waitForChannel,
  waitForHardwareSocket,
  countPusherConnections,
  storedQueue,
  type Simulator,
} from './fixtures';

const home = (page: Page) => page.getByRole('heading', { name: /^Welcome to / });
const overlay = (page: Page) => page.getByRole('alertdialog');

/** What a faulty API makes Chromium and the kiosk write to the console. */
const FAULT_ERRORS = [...API_DOWN_ERRORS, /^Failed to load resource: /];

/**
 * Lets the notification on screen expire (5 s) and waits for the reload that
 * follows, until the new page holds its hardware socket and Pusher connection:
 * a jump of the page's clock while they are still opening would time them out,
 * which a real panel (whose clock does not jump) never sees.
 */
async function expireNotification(page: Page, sim: Simulator, pusher: { established: number }) {
  const connections = pusher.established;
  const reloaded = nextLoad(page);
  await page.clock.fastForward(5_000);
  await reloaded;
  await expect(home(page)).toBeVisible();
  await waitForHardwareSocket(sim);
  await expect.poll(() => pusher.established).toBeGreaterThan(connections);
}

/** Requests to an API path as the page sees them: sent, failed (no answer) and answered. */
function watchRequests(page: Page, path: string) {
  const seen = { sent: 0, failed: 0, answered: 0 };
  const matches = (url: string) => new URL(url).pathname === `/api/${path}`;
  page.on('request', (request) => void (matches(request.url()) && (seen.sent += 1)));
  page.on('requestfailed', (request) => void (matches(request.url()) && (seen.failed += 1)));
  page.on('requestfinished', (request) => void (matches(request.url()) && (seen.answered += 1)));
  return seen;
}

test.describe('API faults', () => {
  test('every fault on every endpoint at once: the kiosk keeps working, keeps every access record, and recovers', async ({
    page,
    kiosk,
    sim,
    allowConsoleErrors,
  }) => {
    test.slow();
    allowConsoleErrors(...FAULT_ERRORS);
    const pusher = countPusherConnections(page);
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    const codes: string[] = [];
    for (const [index, fault] of (['500', '503', 'hang', 'malformed', 'drop', 'lost-answer'] as const).entries()) {
      sim.setFault('*', fault);
      const code = index % 2 ? KNOWN.invalidCode : KNOWN.residentCode;
      codes.push(code);
      await typeCode(page, code);
      await expect(overlay(page).getByRole('heading')).toHaveText(code === KNOWN.invalidCode ? "Sorry, that code didn't work" : 'Access Granted!');
      // The gate's signals answered before the clock jumps: a jump first would time the answers out.
      await expect.poll(() => hardwareIn(sim, 'enable_relay1').length).toBe(codes.filter((c) => c === KNOWN.residentCode).length);
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      await expireNotification(page, sim, pusher);
      // A minute of polls, check-ins, sends and logs against the fault (hung calls give up within it).
      await page.clock.fastForward(60_000);
      await expect(home(page)).toHaveText('Welcome to Maple Court Apartments!');
    }
    // The gate never depended on the API.
    expect(hardwareIn(sim, 'enable_relay1')).toHaveLength(3);

    sim.clearFaults();
    await fastForwardUntil(page, 30_000, () => expect.poll(() => records(sim, 'accessRequests').length, { timeout: 2_000 }).toBe(codes.length), {
      timeout: 30_000,
    });
    expect(records(sim, 'accessRequests').map((r) => r.user_code).sort()).toEqual([...codes].sort());
    // Nothing the server acknowledged is kept, and nothing it did not is dropped.
    await expect.poll(() => storedQueue(page)).toEqual([]);
  });

  test('a hung call never holds up the next poll or send: each is given up at its time limit', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    allowConsoleErrors(...FAULT_ERRORS);
    const property = watchRequests(page, 'telephone-entry/property');
    const sends = watchRequests(page, 'telephone-entry/access-requests');
    const checkins = watchRequests(page, 'telephone-entry/checkin');
    const pusher = countPusherConnections(page);
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await waitForChannel(sim);
    // A refused read from before a restart waits in the queue: the restarted kiosk sends it at once.
    await page.evaluate((code) => {
      const items = [{ user_code: code, access_granted: false, created_at: new Date().toISOString() }];
      localStorage.setItem('gate-kiosk:accessQueue', JSON.stringify({ version: 2, state: { items } }));
    }, KNOWN.invalidCode);
    for (const endpoint of ['telephone-entry/property', 'telephone-entry/access-requests', 'telephone-entry/checkin']) {
      sim.setFault(endpoint, 'hang', 1);
    }
    const before = { property: property.sent, sends: sends.sent, checkins: checkins.sent, pusher: pusher.established };
    await page.reload();
    await waitForHardwareSocket(sim);
    await expect.poll(() => pusher.established).toBeGreaterThan(before.pusher);
    // All three hang from the start (t = 0).
    await expect.poll(() => [property.sent, sends.sent, checkins.sent]).toEqual([before.property + 1, before.sends + 1, before.checkins + 1]);
    sim.patchProperty({ property: { public_name: 'Holly Yard' } });

    // t = 10 s: the check-in is given up.
    await page.clock.fastForward(10_000);
    await expect.poll(() => checkins.failed).toBe(1);
    // t = 15 s: the property load is given up; in error, the next poll comes 5 s later and is answered.
    await page.clock.fastForward(5_000);
    await expect.poll(() => property.failed).toBe(1);
    await page.clock.fastForward(5_000);
    await expect(home(page)).toHaveText('Welcome to Holly Yard!');
    // t = 20 s: the send is given up, before the next batch is due.
    await expect.poll(() => sends.failed).toBe(1);
    expect(records(sim, 'accessRequests')).toEqual([]);
    // t = 30 s: the next check-in leaves on time, 30 s after the hung one did.
    await page.clock.fastForward(10_000);
    await expect.poll(() => checkins.answered).toBeGreaterThan(0);
    expect(checkins.sent).toBe(before.checkins + 2);
    // t = 50 s: the next batch, 30 s after the failed one, is answered; nothing was lost.
    await fastForwardUntil(page, 10_000, async () => expect(records(sim, 'accessRequests')).toMatchObject([{ user_code: KNOWN.invalidCode, access_granted: false }]));
    await expect.poll(() => storedQueue(page)).toEqual([]);
  });

  test('a hung channel authorization is given up after 10 s, and the channel is subscribed again 5 s later', async ({
    page,
    kiosk,
    sim,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(...FAULT_ERRORS);
    const auths = watchRequests(page, 'telephone-entry/pusher/auth');
    sim.setFault('telephone-entry/pusher/auth', 'hang', 1);
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await expect.poll(() => auths.sent).toBe(1);
    await page.clock.fastForward(9_000);
    expect(auths.failed).toBe(0);
    await page.clock.fastForward(1_000);
    await expect.poll(() => auths.failed).toBe(1);
    await expect.poll(() => records(sim, 'logs').map((r) => r.message)).toContain('Real-time channel subscription failed');
    await page.clock.fastForward(5_000);
    await waitForChannel(sim);
    expect(sim.patchProperty({ property: { public_name: 'Alder House' } })).toBe(1);
    await expect(home(page)).toHaveText('Welcome to Alder House!');
  });

  test('a call whose creation hangs ends with an error, not a call screen that waits for ever', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    allowConsoleErrors(...FAULT_ERRORS, /^Call failed \(error\) /);
    sim.setFault('telephone-entry/calls', 'hang');
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call a Manager');
    // Steps shorter than the notification's 5 s, so a slow check cannot skip past it.
    await fastForwardUntil(page, 2_000, () => expect(overlay(page).getByRole('heading')).toHaveText('An Error Occurred', { timeout: 1_500 }), {
      timeout: 30_000,
    });
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('the real-time channel', () => {
  test('reconnects after the Pusher server restarts, resubscribes, catches up on what it missed, and acts on a property-updated sent afterwards', async ({
    page,
    kiosk,
    sim,
    allowConsoleErrors,
  }) => {
    test.slow();
    // Chromium reports each refused reconnection attempt; the kiosk logs that the connection is unavailable.
    allowConsoleErrors(...CHANNEL_DOWN_ERRORS);
    await kiosk.open(page, { model: 'GEN2' });
    await waitForChannel(sim);

    sim.stopPusher();
    // Sent while the server is down: nobody hears it.
    expect(sim.patchProperty({ property: { public_name: 'Cedar Row' } })).toBe(0);
    await page.waitForTimeout(2_000);
    sim.startPusher();

    await waitForChannel(sim, 30_000);
    // The kiosk reloads the property on resubscribing: the missed rename shows.
    await expect(home(page)).toHaveText('Welcome to Cedar Row!');
    expect(sim.patchProperty({ property: { public_name: 'Dogwood Court' } })).toBe(1);
    await expect(home(page)).toHaveText('Welcome to Dogwood Court!');
  });
});

test.describe('the hardware socket', () => {
  test('closed by the panel: the kiosk reconnects at once, announces itself again, and takes card reads', async ({ page, kiosk, sim, waitForRecords }) => {
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    sim.closeHardwareSocket();
    await waitForRecords('hardware', (r) => r.direction === 'in' && r.method === 'detectUrl', 2);
    await waitForHardwareSocket(sim);
    sim.facility(KNOWN.staffCode);
    await expect(overlay(page).getByRole('heading')).toHaveText('Access Granted!');
    await expect.poll(() => hardwareIn(sim, 'enable_relay1').length).toBe(1);
  });

  test('refused for a while: a gate opening meanwhile is reported, and once the panel accepts again the kiosk is back', async ({
    page,
    kiosk,
    sim,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/^WebSocket connection to 'ws:\/\/[^']+\/hardware' failed/, /^Hardware socket error /, /^The gate could not be opened /);
    const pusher = countPusherConnections(page);
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    sim.refuseHardwareSocket(Infinity);
    await expect.poll(() => sim.snapshot().connections.hardware).toBe(0);

    await typeCode(page, KNOWN.residentCode);
    await expect(overlay(page).getByRole('heading')).toHaveText('Access Granted!');
    await fastForwardUntil(page, 2_000, () => expect(overlay(page).getByRole('heading')).toHaveText('The gate could not be opened', { timeout: 500 }));
    await expect(overlay(page)).toContainText('Please call the manager');
    expect(hardwareIn(sim, 'wiegand')).toEqual([]);
    // The code was still recorded as granted: the visitor had a valid code.
    await expect.poll(() => records(sim, 'accessRequests')).toMatchObject([{ user_code: KNOWN.residentCode, access_granted: true }]);

    // The notification's reload; the new page keeps trying the refused socket.
    const connections = pusher.established;
    const reloaded = nextLoad(page);
    await page.clock.fastForward(5_000);
    await reloaded;
    await expect.poll(() => pusher.established).toBeGreaterThan(connections);
    sim.acceptHardwareSocket();
    // Back-off grows to 30 s at most.
    await fastForwardUntil(page, 5_000, async () => expect(sim.snapshot().connections.hardware).toBe(1));
    sim.facility(KNOWN.staffCode);
    await expect(overlay(page).getByRole('heading')).toHaveText('Access Granted!');
    await expect.poll(() => hardwareIn(sim, 'wiegand').map((r) => r.params)).toEqual([[0, KNOWN.staffCode]]);
  });
});

test('the console injects and clears each kind of fault', async ({ page, sim, allowConsoleErrors }) => {
  // The console's own Pusher connection notices the server it stops.
  allowConsoleErrors(/^WebSocket connection to 'wss?:\/\/[^']+\/app\/kiosk-local/);
  await page.goto(`${sim.url}/console`);
  const faults = page.locator('#faults');
  await faults.getByLabel('Endpoint').selectOption('telephone-entry/access-requests');
  await faults.getByLabel('Fault').selectOption('lost-answer');
  await faults.getByLabel(/How many requests/).fill('2');
  await faults.getByRole('button', { name: 'Inject' }).click();
  await expect(faults.getByRole('listitem')).toHaveText(['telephone-entry/access-requests: lost-answer for 2 more']);
  expect(sim.snapshot().faults).toEqual({ 'telephone-entry/access-requests': { fault: 'lost-answer', remaining: 2 } });
  await expect(page.locator('#fault-badge')).toHaveText('1 API fault');

  await faults.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => sim.snapshot().pusherRunning).toBe(false);
  await faults.getByRole('button', { name: 'Start again' }).click();
  await expect.poll(() => sim.snapshot().pusherRunning).toBe(true);

  await faults.getByLabel('Seconds to refuse').fill('30');
  await faults.getByRole('button', { name: 'Refuse' }).click();
  await expect.poll(() => sim.snapshot().hardwareRefusedUntil).not.toBeNull();
  await expect(page.locator('#fault-badge')).toHaveText('1 API fault, hardware socket refused');
  await faults.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => sim.snapshot().hardwareRefusedUntil).toBeNull();

  await faults.getByRole('button', { name: 'Clear all' }).click();
  await expect(faults.getByRole('listitem')).toHaveCount(0);
  await expect(page.locator('#fault-badge')).toBeHidden();
});

test('a full storage quota never crashes the kiosk: codes still open the gate and reach the server', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  // Nothing can be saved from here on: the kiosk logs that, and holds its reloads while the queue is unwritten.
  allowConsoleErrors(
    /^Stored state could not be written/,
    /^Reload skipped: the stored state is not written yet/,
  );
  await kiosk.open(page, { model: 'GEN2' });
  const filled = await page.evaluate(() => {
    const chunk = 'x'.repeat(64 * 1024);
    let stored = 0;
    for (let i = 0; ; i += 1) {
      try {
        localStorage.setItem(`filler-${i}`, chunk);
        stored += chunk.length;
      } catch {
        // Fill the last gap with smaller pieces.
        for (let size = chunk.length / 2; size >= 1; size = Math.floor(size / 2)) {
          try {
            localStorage.setItem(`filler-${i}-${size}`, chunk.slice(0, size));
          } catch {
            /* too big, try smaller */
          }
        }
        return stored;
      }
    }
  });
  expect(filled).toBeGreaterThan(1_000_000);
  const probe = () =>
    page.evaluate(() => {
      try {
        localStorage.setItem('probe', 'x'.repeat(1024));
        localStorage.removeItem('probe');
        return 'stored';
      } catch (error) {
        return (error as Error).name;
      }
    });
  expect(await probe()).toBe('QuotaExceededError');

  // Started again on the stored token, with no room left to save anything.
  await page.reload();
  await expect(home(page)).toHaveText('Welcome to Maple Court Apartments!');
  await waitForHardwareSocket(sim);
  await typeCode(page, KNOWN.residentCode);
  await expect(overlay(page).getByRole('heading')).toHaveText('Access Granted!');
  await expect.poll(() => hardwareIn(sim, 'enable_relay1').length).toBe(1);
  await expect.poll(() => records(sim, 'accessRequests')).toMatchObject([{ user_code: KNOWN.residentCode, access_granted: true }]);
  // The notification goes; the kiosk goes on working, the directory included.
  await expect(overlay(page)).toHaveCount(0, { timeout: 10_000 });
  // The reload after the notification may still be under way (or held, the state unwritten): press until the page takes it.
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/\/resident-directory$/, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'call resident' })).toBeVisible();
});
