// QR scanning (docs/rules.md#r2-6 `/scan-qr`, #r4-11-1, #r5-1-1, #r9-4) in Chromium
// with a fake camera playing a Y4M of a QR code (support/qr-video.mjs). The
// camera flag is per browser process, so each code gets its own browser.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, hardwareIn, KNOWN, records, test, waitForHardwareSocket, type Kiosk } from './fixtures';
import { docsScreenshot } from './support/docs-screenshots';
import { writeQrY4m } from './support/qr-video.mjs';

const videoDir = mkdtempSync(path.join(tmpdir(), 'kiosk-qr-'));

interface CameraProbe {
  constraints: MediaStreamConstraints[];
  tracks: MediaStreamTrack[];
}

/** Remembers every camera stream the page opens, so a test can see whether it was released. */
async function probeCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const probe = { constraints: [] as MediaStreamConstraints[], tracks: [] as MediaStreamTrack[] };
    Object.defineProperty(window, '__camera', { value: probe });
    const media = navigator.mediaDevices;
    // about:blank, before the kiosk loads, is not a secure context: no camera there.
    if (!media) return;
    const open = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      probe.constraints.push(JSON.parse(JSON.stringify(constraints ?? null)));
      const stream = await open(constraints);
      probe.tracks.push(...stream.getTracks());
      return stream;
    };
  });
}

const camera = (page: Page) =>
  page.evaluate(() => {
    const { constraints, tracks } = (window as unknown as { __camera: CameraProbe }).__camera;
    return { constraints, states: tracks.map((track) => `${track.kind}:${track.readyState}`) };
  });

/** A browser whose camera shows `text` as a QR code (null: a blank picture), on the kiosk at /scan-qr. */
async function scanWith(
  launchBrowser: (args?: string[]) => Promise<Browser>,
  kiosk: Kiosk,
  text: string | null,
  model = 'GEN2',
): Promise<Page> {
  const file = writeQrY4m(path.join(videoDir, `${text === null ? 'blank' : Buffer.from(text).toString('hex')}.y4m`), text);
  const browser = await launchBrowser([`--use-file-for-fake-video-capture=${file}`]);
  const context = await browser.newContext({ viewport: { width: 800, height: 480 } });
  await probeCamera(context);
  const page = await context.newPage();
  await kiosk.open(page, { model });
  return page;
}

const overlay = (page: Page) => page.getByRole('alertdialog');

test.describe('QR scan', () => {
  test('a valid code held to the camera opens the gate, goes home and releases the camera', async ({ kiosk, sim, launchBrowser, waitForRecord }) => {
    const page = await scanWith(launchBrowser, kiosk, KNOWN.residentCode);
    await waitForHardwareSocket(sim);
    await page.keyboard.press('Enter'); // GO opens the scanner
    await expect(page.getByRole('heading', { name: 'Scan a QR code' })).toBeVisible();

    // The camera warming up and the decoder (WebAssembly, in a worker) starting: seconds on a busy machine.
    await expect(overlay(page).getByRole('heading')).toHaveText('Access Granted!', { timeout: 15_000 });
    await expect(page).toHaveURL(/\/$/);
    const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
    expect(wiegand.params).toEqual([0, KNOWN.residentCode]);

    const { constraints, states } = await camera(page);
    expect(constraints).toEqual([{ video: { width: 240 }, audio: false }]);
    expect(states).toEqual(['video:ended']);
  });

  test('a 5-digit code that opens nothing is refused like a typed one', async ({ kiosk, sim, launchBrowser }) => {
    const page = await scanWith(launchBrowser, kiosk, KNOWN.invalidCode);
    await waitForHardwareSocket(sim);
    await page.goto(kiosk.url({}, '/scan-qr'));
    await expect(overlay(page).getByRole('heading')).toHaveText("Sorry, that code didn't work", { timeout: 15_000 });
    await expect(overlay(page)).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await expect(page).toHaveURL(/\/$/);
    expect((await camera(page)).states).toEqual(['video:ended']);
    expect(hardwareIn(sim, 'wiegand')).toEqual([]);
  });

  test('a QR code that is not an access code is only logged; scanning goes on until BACK, which releases the camera', async ({
    kiosk,
    sim,
    launchBrowser,
    waitForRecord,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/^QR code is not an access code /);
    const page = await scanWith(launchBrowser, kiosk, 'HELLO-12345', 'GEN3');
    await page.keyboard.press('#');
    await expect(page.getByText('Loading...')).toBeHidden();
    const log = await waitForRecord('logs', (r) => r.message === 'QR code is not an access code');
    expect(log.meta).toEqual({ feature: 'qr', payload: 'HELLO-12345' });
    await docsScreenshot(page, 'qr-gen3.png');

    // Still scanning a second later: no notification, no gate, logged once.
    await page.waitForTimeout(1000);
    await expect(page).toHaveURL(/\/scan-qr$/);
    await expect(overlay(page)).toHaveCount(0);
    expect(records(sim, 'logs').filter((r) => r.message === 'QR code is not an access code')).toHaveLength(1);
    expect((await camera(page)).states).toEqual(['video:live']);

    await page.keyboard.press('*'); // BACK on GEN3
    await expect(page).toHaveURL(/\/$/);
    expect((await camera(page)).states).toEqual(['video:ended']);
  });

  test('TOUCH: the camera picture shows, and ◀ CANCEL leaves and releases the camera', async ({ kiosk, launchBrowser, allowConsoleErrors }) => {
    allowConsoleErrors(/^QR code is not an access code /);
    // Not an access code, so the picture stays up for the README screenshot.
    const page = await scanWith(launchBrowser, kiosk, 'VISITOR PASS', 'TOUCH');
    await page.getByRole('link', { name: 'Scan a QR code' }).click();
    await expect(page.getByText('If you were texted a QR code, pull it up and center it on the camera')).toBeVisible();
    await expect(page.getByText('Loading...')).toBeHidden();
    await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(240);
    await docsScreenshot(page, 'qr-touch.png');
    await page.getByRole('button', { name: '◀ CANCEL' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await camera(page)).states).toEqual(['video:ended']);
  });

  test('a missing camera shows a clear message and goes home instead of loading forever', async ({ page, kiosk, waitForRecord, allowConsoleErrors }) => {
    allowConsoleErrors(/^QR scanner failed /);
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    await kiosk.open(page, { model: 'GEN2', path: '/scan-qr' });
    await expect(page.getByRole('alert')).toHaveText(/No camera was found on this panel\./);
    await expect(page.getByText('Loading...')).toBeHidden();
    await waitForRecord('logs', (r) => r.message === 'QR scanner failed');
    await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
  });

  test('a refused camera says so and goes home', async ({ page, kiosk, allowConsoleErrors }) => {
    allowConsoleErrors(/^QR scanner failed /);
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await kiosk.open(page, { model: 'TOUCH', path: '/scan-qr' });
    await expect(page.getByRole('alert')).toHaveText(/access to it was refused/);
    await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
  });
});
