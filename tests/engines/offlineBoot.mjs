// Offline boot on one engine: a first start online stores the build through
// the service worker; the browser is closed, the kiosk's host stops and the
// back end answers 503; a restart on the same profile still boots the kiosk
// and opens the gate through the hardware socket.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { KNOWN } from '../../simulator/seed.mjs';
import { IN_PAGE, openKiosk, until } from './scenarios.mjs';

/** Resolves with the milliseconds from the restart to the welcome title. */
export async function offlineBoot({ engine, sim, dir, cameraFile, work }) {
  const profile = mkdtempSync(path.join(work, `profile-${engine.id}-`));
  const host = await startStaticServer({ dir, port: 0, host: '127.0.0.1' });
  const kiosk = { url: (model) => `${host.url}/?token=demo-token&model=${model}` };
  let browser = await engine.launch({ cameraFile, profile });
  try {
    let page = await browser.newPage({ shared: true });
    await openKiosk({ page, kiosk, sim }, engine.model);
    await page.waitFor('navigator.serviceWorker.controller !== null', { timeout: 30_000, message: 'the service worker serving the page' });
    await browser.close();

    await host.close();
    sim.setOffline(true);
    const restarted = Date.now();
    browser = await engine.launch({ cameraFile, profile });
    page = await browser.newPage({ shared: true });
    await openKiosk({ page, kiosk, sim }, engine.model);
    const bootMs = Date.now() - restarted;
    await page.type(KNOWN.residentCode);
    await until(() => page.evaluate(IN_PAGE.notice), (notice) => notice === 'Access Granted!', { message: 'Access Granted! offline' });
    await until(() => sim.state.hardware.filter((r) => r.method === 'enable_relay1').length, (n) => n === 1, { message: 'the relay offline' });
    // Offline, the API's 503s are logged as console errors; nothing may go uncaught.
    assert.deepEqual(page.errors.filter((text) => text.startsWith('uncaught')), []);
    return bootMs;
  } finally {
    await browser.close();
    await host.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
}
