// Local Network Access: Chromium refuses a page on a public address its
// connections to loopback and private ones unless a policy allows them. Here
// the kiosk's and the back end's addresses are marked public
// (--ip-address-space-overrides) while the panel's hardware socket stays on
// loopback, on a port of its own: refused, the kiosk names the cause and the
// remedy on the installer screen and tells the back end once; allowed (the
// check turned off, as the policy LocalNetworkAccessAllowedForUrls does for
// the kiosk's origin), the gate opens.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { buildForSimulator } from '../../scripts/build-for-simulator.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { startSimulator } from '../../simulator/server.mjs';
import { test as base, expect, hardwareIn, installerScreen, KNOWN, records, typeCode, type Simulator } from './fixtures';

const HOST = '127.0.0.1';
const FAULT = 'Self-diagnosis: Browser refuses the hardware socket (Local Network Access)';

let work = '';
let kioskHost: Awaited<ReturnType<typeof startStaticServer>>;
const ports = { api: 0, hardware: 0, pusher: 0 };

/** Each test's back end, with the panel's hardware socket on its own port; it outlives the test's browser. */
const test = base.extend<{ panelSim: Simulator }>({
  // eslint-disable-next-line no-empty-pattern
  panelSim: async ({}, use) => {
    const sim = await startSimulator({ host: HOST, port: ports.api, hardwarePort: ports.hardware, pusherPort: ports.pusher });
    await use(sim);
    await sim.close();
  },
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Three free ports, as the simulator picks them.
  const probe = await startSimulator({ host: HOST, port: 0, hardwarePort: 0 });
  ports.api = probe.port;
  ports.hardware = Number(new URL(probe.hardwareUrl).port);
  ports.pusher = Number(new URL(probe.pusherUrl).port);
  await probe.close();
  work = await mkdtemp(path.join(tmpdir(), 'kiosk-local-network-'));
  await buildForSimulator({ host: HOST, port: ports.api, pusherPort: ports.pusher, outDir: work, env: { VITE_HARDWARE_SOCKET_URL: `ws://${HOST}:${ports.hardware}/hardware` } });
  kioskHost = await startStaticServer({ dir: work, port: 0, host: HOST });
});
test.afterAll(async () => {
  await kioskHost?.close();
  await rm(work, { recursive: true, force: true });
});

/** The kiosk on GEN2 in a Chromium that counts the kiosk's and the back end's addresses as public; `extraArgs` after. */
async function openPanel(launchBrowser: (args?: string[]) => Promise<Browser>, extraArgs: string[] = []) {
  const publicAddresses = [new URL(kioskHost.url).port, String(ports.api)].map((port) => `${HOST}:${port}=public`).join(',');
  const browser = await launchBrowser([`--ip-address-space-overrides=${publicAddresses}`, ...extraArgs]);
  const context = await browser.newContext({ viewport: { width: 800, height: 480 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${kioskHost.url}/?token=demo-token&model=GEN2`);
  await expect(page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible();
  return page;
}

test('refused by the browser: the installer screen names the cause and the remedy, and the back end is told once', async ({
  panelSim,
  launchBrowser,
  allowConsoleErrors,
}) => {
  test.setTimeout(90_000);
  // Chromium's line for each refused connection, and the kiosk's for the first of an outage.
  allowConsoleErrors(/ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS/, /^Hardware socket error/);
  const page = await openPanel(launchBrowser);
  let refusals = 0;
  page.on('console', (message) => void (refusals += /ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS/.test(message.text()) ? 1 : 0));

  await expect.poll(() => records(panelSim, 'logs').filter((line) => line.message === FAULT), { timeout: 10_000 }).toHaveLength(1);
  const [line] = records(panelSim, 'logs').filter((log) => log.message === FAULT);
  expect(line?.meta).toMatchObject({
    fault: 'local-network-access',
    remedy: expect.stringContaining('LocalNetworkAccessAllowedForUrls'),
    engine: expect.stringMatching(/^Chromium 1\d\d\./),
  });
  const shown = await installerScreen(page);
  expect(shown).toContain('Browser refuses the hardware socket (Local Network Access) since');
  expect(shown).toContain('(the browser denies this page local network access), reported');
  expect(shown).toContain("Serve the kiosk from the panel itself, or list the kiosk's address in the browser policy LocalNetworkAccessAllowedForUrls.");
  // The kiosk keeps trying (each attempt refused again) without telling the back end again. Its
  // attempts back off, doubling up to 30 s apart: on a busy machine the next may be that far.
  const seen = refusals;
  await expect.poll(() => refusals, { timeout: 35_000 }).toBeGreaterThan(seen);
  expect(records(panelSim, 'logs').filter((log) => log.message === FAULT)).toHaveLength(1);
  expect(panelSim.snapshot().connections.hardware).toBe(0);
  // The start was reported with the engine.
  expect(records(panelSim, 'logs').find((log) => log.message === 'Kiosk started')?.meta).toMatchObject({ engine: expect.stringMatching(/^Chromium /) });
});

test('allowed (the check off, as the policy does): the gate opens', async ({ panelSim, launchBrowser }) => {
  const page = await openPanel(launchBrowser, ['--disable-features=LocalNetworkAccessChecks']);
  await expect.poll(() => panelSim.snapshot().connections.hardware).toBeGreaterThan(0);
  await typeCode(page, KNOWN.residentCode);
  await expect.poll(() => hardwareIn(panelSim, 'enable_relay1').length).toBe(1);
  expect(hardwareIn(panelSim, 'wiegand').map((record) => record.params)).toEqual([[0, KNOWN.residentCode]]);
  expect(records(panelSim, 'logs').filter((log) => log.message === FAULT)).toEqual([]);
});
