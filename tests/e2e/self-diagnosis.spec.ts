// Self-diagnosis and the installer screen (docs/rules.md#r4-13, #r2-8): each fault the kiosk
// finds reaches the back end's log once, however often it is seen again or the
// page reloads, and is listed on the installer screen (UP DOWN UP DOWN UP DOWN
// within 3 s on home), which shows no code and no token.
import {
  API_DOWN_ERRORS,
  CHANNEL_DOWN_ERRORS,
  countPusherConnections,
  expect,
  fastForwardUntil,
  hardwareIn,
  installerScreen,
  KNOWN,
  nextLoad,
  records,
  test,
  typeCode,
  waitForChannel,
  waitForHardwareSocket,
  type Simulator,
} from './fixtures';
import { saveScreenshot } from './support/layout';

const WELCOME = { name: 'Welcome to Maple Court Apartments!' };

const faultLogs = (sim: Simulator, name: string) => records(sim, 'logs').filter((log) => log.message === `Self-diagnosis: ${name}`);

/** Nothing on the installer screen may be a code or the token. */
function expectNoSecrets(shown: string): void {
  for (const secret of ['demo-token', KNOWN.residentCode, KNOWN.staffCode, KNOWN.invalidCode]) expect(shown).not.toContain(secret);
}

test('a hardware socket that does not answer is reported once across retries and reloads, and listed', async ({ page, kiosk, sim }) => {
  // The panel's daemon refuses every connection.
  await page.routeWebSocket(/\/hardware$/, (socket) => socket.close());
  const pusher = countPusherConnections(page);
  await page.clock.install();
  await kiosk.open(page);
  // The channel connects first: a clock jump that overtakes its connection makes pusher-js give up on it.
  await waitForChannel(sim);
  await fastForwardUntil(page, 5_000, async () => expect(faultLogs(sim, 'Hardware socket not answering')).toHaveLength(1));
  const connected = pusher.established;
  await page.reload();
  await expect(page.getByRole('heading', WELCOME)).toBeVisible();
  await expect.poll(() => pusher.established).toBeGreaterThan(connected);
  // A minute of retries on the new page (home shows its guidance meanwhile).
  await page.clock.fastForward(60_000);
  await expect(page.getByRole('heading', { name: 'How to use this panel' })).toBeVisible();
  expect(faultLogs(sim, 'Hardware socket not answering')).toHaveLength(1);

  const shown = await installerScreen(page);
  await saveScreenshot(page, 'installer-screen-socket-fault', 'installer-gen2.png');
  expect(shown).toMatch(/Hardware socket\s*not answering since/);
  expect(shown).toMatch(/Hardware socket not answering.*since .*\(not connected for 10 s\), reported/);
  expectNoSecrets(shown);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', WELCOME)).toBeVisible();
});

test('a failed wiegand call is reported once, without the code, and listed', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  allowConsoleErrors(/^The gate could not be opened /);
  await page.routeWebSocket(/\/hardware$/, (socket) => {
    const daemon = socket.connectToServer();
    socket.onMessage((message) => {
      const request = JSON.parse(String(message)) as { id: number; method: string; params: unknown[] };
      // The daemon's answer names the code: it must not reach the screen.
      if (request.method === 'wiegand') socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, error: { message: `line fault sending ${String(request.params[1])}` } }));
      else daemon.send(message);
    });
  });
  await kiosk.open(page);
  await waitForHardwareSocket(sim);
  for (let visitor = 0; visitor < 2; visitor += 1) {
    await typeCode(page, KNOWN.residentCode);
    await expect(page.getByRole('alertdialog')).toHaveText(/The gate could not be opened/);
    await page.waitForEvent('load', { timeout: 20_000 });
    await expect(page.getByRole('heading', WELCOME)).toBeVisible();
  }
  await expect.poll(() => faultLogs(sim, 'Gate signal (wiegand or relay) failed').length).toBe(1);
  expect(JSON.stringify(faultLogs(sim, 'Gate signal (wiegand or relay) failed'))).not.toContain(KNOWN.residentCode);
  const shown = await installerScreen(page);
  expect(shown).toContain('Gate signal (wiegand or relay) failed');
  expect(shown).toContain('(wiegand failed: line fault sending …)');
  expectNoSecrets(shown);
});

test('a camera that cannot be opened is reported once and listed', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  allowConsoleErrors(/^QR scanner failed /);
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await kiosk.open(page);
  for (let visitor = 0; visitor < 2; visitor += 1) {
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('access to it was refused');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', WELCOME)).toBeVisible();
  }
  await expect.poll(() => faultLogs(sim, 'Camera could not be opened').length).toBe(1);
  expect(await installerScreen(page)).toContain('Camera could not be opened');
});

test('access requests waiting over 5 minutes are reported once and listed with the queue size', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  // The refused sends, and calls and the channel's connection that the clock's long jumps time out.
  allowConsoleErrors(...API_DOWN_ERRORS, ...CHANNEL_DOWN_ERRORS);
  // The back end takes everything but the access requests.
  await page.route('**/telephone-entry/access-requests', (route) => route.fulfill({ status: 503, body: '' }));
  await page.clock.install();
  await kiosk.open(page);
  await page.keyboard.press('1');
  await typeCode(page, '2345');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  const reloaded = nextLoad(page);
  await page.clock.fastForward(5_000);
  await reloaded;
  await expect(page.getByRole('heading', WELCOME)).toBeVisible();
  // The new page has announced itself on the hardware socket: a jump before it connects would time the connection out.
  await expect.poll(() => hardwareIn(sim, 'detectUrl').length).toBe(2);
  await fastForwardUntil(page, 30_000, async () => expect(faultLogs(sim, 'Access requests are piling up')).toHaveLength(1), { timeout: 30_000 });
  await page.clock.fastForward(120_000);
  expect(faultLogs(sim, 'Access requests are piling up')).toHaveLength(1);
  const shown = await installerScreen(page);
  expect(shown).toMatch(/Access requests waiting\s*1, the oldest since/);
  expect(shown).toContain('Access requests are piling up');
  expectNoSecrets(shown);
});

test('property data failing for more than 5 minutes is reported once, when the back end answers again', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  // The refused calls, and the channel's connection that the clock's long jumps time out.
  allowConsoleErrors(...API_DOWN_ERRORS, ...CHANNEL_DOWN_ERRORS);
  await page.clock.install();
  await kiosk.open(page);
  sim.setOffline(true);
  // Every API call fails meanwhile, the log of the fault too: it waits.
  await fastForwardUntil(page, 60_000, async () => {
    await installerScreen(page);
    await expect(page.getByText('Property data failing for more than 5 minutes')).toBeVisible({ timeout: 500 });
  }, { timeout: 30_000 });
  await expect(page.getByText('not reported yet')).toBeVisible();
  expect(faultLogs(sim, 'Property data failing for more than 5 minutes')).toHaveLength(0);
  await page.keyboard.press('Escape');
  sim.setOffline(false);
  await fastForwardUntil(page, 5_000, async () => expect(faultLogs(sim, 'Property data failing for more than 5 minutes')).toHaveLength(1));
  await page.clock.fastForward(120_000);
  expect(faultLogs(sim, 'Property data failing for more than 5 minutes')).toHaveLength(1);
});

test('the installer screen closes by itself after 60 s without input', async ({ page, kiosk }) => {
  await page.clock.install();
  await kiosk.open(page, { model: 'TOUCH' });
  const shown = await installerScreen(page);
  expect(shown).toMatch(/Version\s*\d+\.\d+\.\d+/);
  expect(shown).toMatch(/Panel model\s*TOUCH/);
  expect(shown).toMatch(/Browser engine\s*Chromium 1\d\d\.\d+\.\d+\.\d+Connectivity/);
  expect(shown).toMatch(/Connectivity\s*online/);
  expect(shown).toMatch(/Hardware socket\s*connected since/);
  await page.clock.fastForward(59_000);
  await expect(page.getByRole('heading', { name: 'Installer information' })).toBeVisible();
  await page.clock.fastForward(2_000);
  await expect(page.getByRole('heading', WELCOME)).toBeVisible();
});
