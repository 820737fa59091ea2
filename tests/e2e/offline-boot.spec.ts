// Offline boot (docs/rules.md#r1-1-6): the built kiosk's service worker keeps every file
// of the build on the panel, so a browser restarted while the network is down
// still boots the kiosk and opens the gate; a new build is taken in at a
// reload, and a broken or missing one never replaces the cached build.
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { buildForSimulator } from '../../scripts/build-for-simulator.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';
import pkg from '../../package.json' with { type: 'json' };
import { expect, expectGateOpened, hardwareIn, KNOWN, records, test, typeCode, waitForHardwareSocket, type SimRecord, type Simulator } from './fixtures';
import { builtFiles, cachedResponses, startPanel, waitForServiceWorker } from './support/panel';

const HOST = '127.0.0.1';
/** The worker's build (fixtures.ts) is the first one; the next differs in its version. */
const FIRST = pkg.version;
const NEXT = `${pkg.version}.1`;

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
let work = '';
const build = { first: '', next: '' };

test.beforeAll(async ({ kioskBuild }) => {
  test.setTimeout(120_000);
  work = await mkdtemp(path.join(tmpdir(), 'kiosk-offline-boot-'));
  build.first = kioskBuild.dir;
  build.next = path.join(work, 'next');
  await buildForSimulator({ host: HOST, port: kioskBuild.simPort, pusherPort: kioskBuild.pusherPort, outDir: build.next, version: NEXT });
});
test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const footer = (page: Page) => page.locator('footer').filter({ hasText: /^v\d/ });
const notice = (page: Page) => page.getByRole('alertdialog').getByRole('heading');
const welcome = (page: Page) => page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' });

/** The kiosk's host: stopped and started again on the same port (the same origin), serving one build or another. */
async function kioskHost(dir: string) {
  let server = await startStaticServer({ dir, port: 0, host: HOST });
  const { port, url: origin } = server;
  return {
    origin,
    startUrl: `${origin}/?token=demo-token&model=GEN2`,
    stop: () => server.close(),
    async serve(next: string) {
      await server.close();
      server = await startStaticServer({ dir: next, port, host: HOST });
    },
  };
}

/**
 * Runs `action`, which reloads the page, and waits for the page after it: home
 * shown and the hardware socket connected again. Resolves with the number of
 * page loads seen meanwhile.
 */
async function reloadBy(page: Page, sim: Simulator, action: () => unknown): Promise<number> {
  const connections = hardwareIn(sim, 'detectUrl').length;
  let loads = 0;
  const count = () => (loads += 1);
  page.on('load', count);
  const reloaded = page.waitForEvent('load', { timeout: 40_000 });
  await action();
  await reloaded;
  await expect(welcome(page)).toBeVisible();
  await expect.poll(() => hardwareIn(sim, 'detectUrl').length, { message: 'kiosk back on the hardware socket' }).toBeGreaterThan(connections);
  page.off('load', count);
  return loads;
}

test.describe('offline boot', () => {
  test('a panel restarted with no network boots from its cache and opens the gate; the records and a new build follow the network', async ({
    sim,
    waitForRecords,
  }, testInfo) => {
    test.setTimeout(120_000);
    const host = await kioskHost(build.first);
    const profile = path.join(work, `profile-${testInfo.testId}`);

    // First start, online: the service worker stores the whole build.
    let panel = await startPanel(profile, host.startUrl);
    await waitForServiceWorker(panel.page);
    const cached = await cachedResponses(panel.page);
    const files = (await builtFiles(build.first)).filter((file) => file !== '/sw.js');
    expect(files).toEqual(expect.arrayContaining(['/index.html', '/logo.svg', '/sounds/gateOpen.wav', expect.stringMatching(/^\/assets\/qrDecoder\.worker-/)]));
    expect(cached.map((entry) => new URL(entry.url).pathname).sort()).toEqual(files);
    expect(cached.every((entry) => entry.url.startsWith(`${host.origin}/`))).toBe(true);
    const precacheKb = cached.reduce((sum, entry) => sum + entry.bytes, 0) / 1024;
    await panel.context.close();

    // The network goes: the kiosk's host stops and the back end answers 503.
    await host.stop();
    sim.setOffline(true);
    const started = Date.now();
    panel = await startPanel(profile, host.startUrl);
    const { page } = panel;
    const launchToWelcomeMs = Date.now() - started;
    testInfo.annotations.push({
      type: 'offline boot',
      description: `precache ${cached.length} files, ${precacheKb.toFixed(0)} KiB; navigation to welcome ${panel.bootMs.toFixed(0)} ms in the page, browser launch to welcome ${launchToWelcomeMs} ms`,
    });
    console.log(`[offline boot] ${testInfo.annotations.at(-1)!.description}`);
    await expect(footer(page)).toHaveText(`v${FIRST}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'offline-boot-home.png') });

    const api: Array<{ status: number; fromServiceWorker: boolean }> = [];
    page.on('response', (response) => {
      if (response.url().startsWith(sim.url)) api.push({ status: response.status(), fromServiceWorker: response.fromServiceWorker() });
    });
    await waitForHardwareSocket(sim);
    // A visitor meets a settled panel: what loads after the first screen (the lazy screens) has loaded.
    await page.waitForLoadState('networkidle');
    // The notification's reload, still offline, boots from the cache again.
    await reloadBy(page, sim, async () => {
      await typeCode(page, KNOWN.residentCode);
      await expect(notice(page)).toHaveText('Access Granted!');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'offline-boot-granted.png') });
      await expectGateOpened(page, sim, KNOWN.residentCode);
    });

    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await typeCode(page, KNOWN.invalidCode);
    await expect(notice(page)).toHaveText("Sorry, that code didn't work");
    await page.waitForTimeout(1_500);
    expect(hardwareIn(sim, 'wiegand')).toHaveLength(1);
    expect(records(sim, 'accessRequests')).toEqual([]);
    // The back end's 503s reached the page as they were: the worker answers no API call.
    expect(api.length).toBeGreaterThan(0);
    expect(api.every((r) => r.status === 503 && !r.fromServiceWorker)).toBe(true);

    // The network is back (while the notification shows): both records arrive, once each.
    await host.serve(build.first);
    sim.setOffline(false);
    await reloaded;
    const delivered = await waitForRecords('accessRequests', () => true, 2, { timeout: 40_000 });
    expect(delivered.map((r: SimRecord) => [r.user_code, r.access_granted])).toEqual([
      [KNOWN.residentCode, true],
      [KNOWN.invalidCode, false],
    ]);

    // A new build on the host runs after one refresh.
    await host.serve(build.next);
    await waitForHardwareSocket(sim);
    const loads = await reloadBy(page, sim, () => sim.refresh());
    await expect(footer(page)).toHaveText(`v${NEXT}`);
    expect(loads).toBe(1);
    expect(records(sim, 'accessRequests')).toHaveLength(2);
    await panel.context.close();
    await host.stop();
  });

  test('a broken or missing new build never replaces the cached one; a whole one installs at a start and runs from the next reload', async ({
    sim,
  }, testInfo) => {
    test.setTimeout(120_000);
    const broken = path.join(work, `broken-${testInfo.testId}`);
    await cp(build.next, broken, { recursive: true });
    // A partly copied build: a lazily loaded chunk of its own is missing (a file
    // it shares with the cached build would not be fetched again).
    const firstFiles = await builtFiles(build.first);
    const missing = (await builtFiles(build.next)).find((file) => file.startsWith('/assets/ResidentDirectoryScreen-') && !firstFiles.includes(file));
    expect(missing).toBeDefined();
    await rm(path.join(broken, missing!));
    // A host that serves no kiosk at all: every file answers 404.
    const empty = path.join(work, `empty-${testInfo.testId}`);
    await mkdir(empty);

    const host = await kioskHost(build.first);
    const profile = path.join(work, `profile-${testInfo.testId}`);
    let { context, page } = await startPanel(profile, host.startUrl);
    await waitForServiceWorker(page);
    await waitForHardwareSocket(sim);

    for (const dir of [broken, empty]) {
      await host.serve(dir);
      await reloadBy(page, sim, () => sim.refresh());
      await expect(footer(page)).toHaveText(`v${FIRST}`);
    }
    // Still a whole kiosk: the directory, whose chunk the broken build lacks, opens.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('heading', { name: 'call resident' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(welcome(page)).toBeVisible();

    // The host serves a whole build again, and the panel starts: the start
    // installs the new build in the background, the running page keeps the
    // cached one, and the next reload (a notification's) runs the new one.
    await context.close();
    await host.serve(build.next);
    ({ context, page } = await startPanel(profile, host.startUrl));
    await expect(footer(page)).toHaveText(`v${FIRST}`);
    // (waitForFunction would take the async check's promise itself as true.)
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state), { timeout: 20_000 })
      .toBe('installed');
    await expect(footer(page)).toHaveText(`v${FIRST}`);
    await waitForHardwareSocket(sim);
    await reloadBy(page, sim, async () => {
      await typeCode(page, KNOWN.staffCode);
      await expect(notice(page)).toHaveText('Access Granted!');
    });
    await expect(footer(page)).toHaveText(`v${NEXT}`);
    await context.close();
    await host.stop();
  });
});
