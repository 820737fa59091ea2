// Passes (docs/passes.md) held to the panel's camera in Chromium: a fake
// camera playing a Y4M of the pass's QR code (support/qr-video.mjs), the
// pass issued by the simulator (POST /sim/passes) with the key its property
// data publishes. The camera file is read each time the camera starts, so a
// test may write the pass after the page has loaded.
import { mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { buildForSimulator } from '../../scripts/build-for-simulator.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { startSimulator } from '../../simulator/server.mjs';
import {
  API_DOWN_ERRORS,
  expect,
  expectGateOpened,
  hardwareIn,
  KNOWN,
  recordSocketSends,
  records,
  storedQueue,
  test,
  waitForChannel,
  waitForHardwareSocket,
  waitForStorage,
  type Kiosk,
  type Simulator,
} from './fixtures';
import { docsScreenshot } from './support/docs-screenshots';
import { qrLumaFrame, writeQrY4m } from './support/qr-video.mjs';
import { standInCamera } from './support/standInCamera.mjs';

const videoDir = mkdtempSync(path.join(tmpdir(), 'kiosk-passes-'));
let cameras = 0;

interface IssuedPass {
  claims: { jti: string; name: string };
  text: string;
}

async function simPost<T>(sim: Simulator, route: string, body: object): Promise<T> {
  const response = await fetch(`${sim.url}/sim/${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, `POST /sim/${route}`).toBe(200);
  return (await response.json()) as T;
}

const issuePass = (sim: Simulator, body: object) => simPost<IssuedPass>(sim, 'passes', body);

/** A camera file of its own, blank until a pass is shown on it. */
function camera(text: string | null = null) {
  const file = path.join(videoDir, `camera-${(cameras += 1)}.y4m`);
  writeQrY4m(file, text);
  return { file, show: (pass: string) => writeQrY4m(file, pass) };
}

/** The kiosk on GEN2 in a browser whose camera plays `file`; the script chunks it fetches are listed in `scripts`. */
async function openPanel(launchBrowser: (args?: string[]) => Promise<Browser>, kiosk: Kiosk, file: string) {
  const browser = await launchBrowser([`--use-file-for-fake-video-capture=${file}`]);
  const page = await (await browser.newContext({ viewport: { width: 800, height: 480 } })).newPage();
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
  await recordSocketSends(page);
  await kiosk.open(page, { model: 'GEN2' });
  return { page, scripts };
}

const overlay = (page: Page) => page.getByRole('alertdialog');
/** The camera warming up and the decoder starting in its worker: seconds on a busy machine. */
const SCAN_TIMEOUT = 15_000;

/** GO on GEN2 opens the scanner; the outcome's heading is awaited. */
async function scan(page: Page, heading: string) {
  await page.keyboard.press('Enter');
  await expect(overlay(page).getByRole('heading')).toHaveText(heading, { timeout: SCAN_TIMEOUT });
}

const passRecords = (sim: Simulator, jti: string) =>
  records(sim, 'accessRequests')
    .filter((record) => record.user_code === `pass:${jti}`)
    .map(({ user_code, access_granted, reason }) => ({ user_code, access_granted, reason }));

test.describe('passes', () => {
  test('a pass issued while the API is down opens the gate offline, greets the guest by name, and reaches the back end once', async ({
    kiosk,
    sim,
    launchBrowser,
    allowConsoleErrors,
  }) => {
    test.setTimeout(120_000);
    allowConsoleErrors(...API_DOWN_ERRORS);
    const { file, show } = camera();
    const { page, scripts } = await openPanel(launchBrowser, kiosk, file);
    await waitForHardwareSocket(sim);

    sim.setOffline(true);
    const pass = await issuePass(sim, { name: 'Ana Lucía Pérez', kind: 'guest', hours: 4, residentId: KNOWN.firstResident.id, format: 'jws' });
    show(pass.text);
    await scan(page, 'Access Granted!');
    await expect(overlay(page)).toContainText('Welcome, Ana Lucía Pérez');
    await docsScreenshot(page, 'pass-welcome-gen2.png');
    // The resident's own code, as a call's approval opens with theirs.
    await expectGateOpened(page, sim, KNOWN.residentCode);
    expect(scripts.filter((script) => script.includes('nobleVerifier')), 'WebCrypto checks it: the library is not fetched').toEqual([]);

    expect(records(sim, 'accessRequests')).toEqual([]);
    expect((await storedQueue(page)).map(({ user_code, access_granted }) => [user_code, access_granted])).toEqual([[`pass:${pass.claims.jti}`, true]]);
    sim.setOffline(false);
    // The queue's next round, 30 s at most after the failed one.
    await expect.poll(() => passRecords(sim, pass.claims.jti), { timeout: 45_000 }).toEqual([{ user_code: `pass:${pass.claims.jti}`, access_granted: true, reason: undefined }]);
    await expect.poll(() => storedQueue(page), { timeout: 10_000 }).toEqual([]);
    expect(records(sim, 'accessRequests')).toHaveLength(1);
  });

  test('a compact pass (KP1:, the simulator’s default) opens the gate, greets the guest by name and reaches the back end by its id', async ({
    kiosk,
    sim,
    launchBrowser,
    waitForRecord,
  }) => {
    const pass = await issuePass(sim, { name: 'Eva Núñez', hours: 2, residentId: KNOWN.firstResident.id });
    expect(pass.text).toMatch(/^KP1:/);
    const { page } = await openPanel(launchBrowser, kiosk, camera(pass.text).file);
    await waitForHardwareSocket(sim);
    await scan(page, 'Access Granted!');
    await expect(overlay(page)).toContainText('Welcome, Eva Núñez');
    await expectGateOpened(page, sim, KNOWN.residentCode);
    expect(await waitForRecord('accessRequests', (record) => record.user_code === `pass:${pass.claims.jti}`)).toMatchObject({ access_granted: true });
  });

  test('a pass revoked after the panel loaded is refused at the next load, in its words', async ({ kiosk, sim, launchBrowser, waitForRecord }) => {
    const pass = await issuePass(sim, { name: 'Bo', hours: 2, format: 'jws' });
    const { page } = await openPanel(launchBrowser, kiosk, camera(pass.text).file);
    await waitForHardwareSocket(sim);
    await waitForChannel(sim);
    const loaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/telephone-entry/property' && response.status() === 200);
    await simPost(sim, 'passes/revoke', { jti: pass.claims.jti });
    await loaded;

    await scan(page, 'This pass has been cancelled');
    const request = await waitForRecord('accessRequests', (record) => record.user_code === `pass:${pass.claims.jti}`);
    expect(request).toMatchObject({ access_granted: false, reason: 'revoked' });
    expect(hardwareIn(sim, 'wiegand')).toEqual([]);
  });

  test('a pass for one entry is refused after a reload: the use is kept on the panel', async ({ kiosk, sim, launchBrowser, waitForRecords }) => {
    test.setTimeout(60_000);
    const pass = await issuePass(sim, { name: 'Cy', kind: 'delivery', hours: 1, uses: 1, format: 'jws' });
    const { page } = await openPanel(launchBrowser, kiosk, camera(pass.text).file);
    await waitForHardwareSocket(sim);
    await scan(page, 'Access Granted!');
    await expect(overlay(page)).toContainText('Welcome, Cy');
    await expect.poll(() => hardwareIn(sim, 'wiegand').map((record) => record.params)).toEqual([[0, '0']]);
    await waitForStorage(page, pass.claims.jti);

    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
    // The greeting is kept too; when it expires the page reloads, as after every notification: GO is pressed on the page after that.
    await expect.poll(() => loads, { timeout: 20_000 }).toBe(2);
    await expect(overlay(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
    await waitForHardwareSocket(sim);
    await scan(page, 'This pass has been used');
    const received = await waitForRecords('accessRequests', (record) => record.user_code === `pass:${pass.claims.jti}`, 2);
    expect(received.map(({ access_granted, reason }) => [access_granted, reason])).toEqual([
      [true, undefined],
      [false, 'used'],
    ]);
    expect(hardwareIn(sim, 'wiegand')).toHaveLength(1);
  });

  test('on a plain-http page from another address (not a secure context: no crypto.subtle) @noble/curves checks the pass', async ({ launchBrowser }) => {
    test.setTimeout(180_000);
    const address = Object.values(networkInterfaces())
      .flat()
      .find((net) => net?.family === 'IPv4' && !net.internal)?.address;
    if (!address) throw new Error('This test serves the kiosk on a non-loopback IPv4 address, and the machine has none');
    // The kiosk, its back end and its sockets all on that address: the simulator takes pages of its own host, as it takes loopback ones.
    const panelSim = await startSimulator({ host: address, port: 0 });
    const outDir = await mkdtemp(path.join(tmpdir(), 'kiosk-passes-insecure-'));
    let server: Awaited<ReturnType<typeof startStaticServer>> | undefined;
    let context: BrowserContext | undefined;
    try {
      await buildForSimulator({ host: address, port: Number(new URL(panelSim.url).port), pusherPort: Number(new URL(panelSim.pusherUrl).port), outDir });
      server = await startStaticServer({ dir: outDir, port: 0, host: address });
      const pass = await simPost<IssuedPass>(panelSim, 'passes', { name: 'Dee', hours: 1, format: 'jws' });
      context = await (await launchBrowser()).newContext({ viewport: { width: 800, height: 480 } });
      // Such a page has no camera either (navigator.mediaDevices needs a secure context): a canvas stands in for it.
      const { width, height, luma } = qrLumaFrame(pass.text);
      await context.addInitScript(standInCamera, { width, height, luma: Buffer.from(luma).toString('base64') });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
      await page.goto(`${server.url}/?token=demo-token&model=GEN2`);
      await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
      expect(await page.evaluate(() => ({ secure: isSecureContext, subtle: typeof crypto.subtle }))).toEqual({ secure: false, subtle: 'undefined' });
      await waitForHardwareSocket(panelSim);

      await scan(page, 'Access Granted!');
      await expect(overlay(page)).toContainText('Welcome, Dee');
      expect(scripts.filter((script) => /\/nobleVerifier-[\w-]+\.js$/.test(script))).toHaveLength(1);
      await expect.poll(() => hardwareIn(panelSim, 'wiegand').map((record) => record.params)).toEqual([[0, '0']]);
    } finally {
      // The page first: it would go on calling a back end that is gone.
      await context?.close();
      await server?.close();
      await panelSim.close();
      await rm(outDir, { recursive: true, force: true });
    }
  });
});

