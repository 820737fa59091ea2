// The engines tier of the end-to-end suite (`npm run test:engines`): the built
// kiosk against the simulator on every engine a panel ships, one engine at a
// time. See tests/engines/README.md.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildForSimulator } from '../../scripts/build-for-simulator.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { KNOWN } from '../../simulator/seed.mjs';
import { startSimulator } from '../../simulator/server.mjs';
import { writeQrY4m } from '../e2e/support/qr-video.mjs';
import { ENGINES } from './engines.mjs';
import { openKiosk, SCENARIOS } from './scenarios.mjs';

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'kiosk-engines-'));
const cameraFile = writeQrY4m(path.join(work, 'resident-code.y4m'), KNOWN.residentCode);
const outDir = path.join(ROOT, `dist-engines-${process.pid}`);
const simPort = 41000 + (process.pid % 20000);
let server;

before(async () => {
  await buildForSimulator({ host: HOST, port: simPort, outDir });
  server = await startStaticServer({ dir: outDir, port: 0, host: HOST });
});
after(async () => {
  await server?.close();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const kioskAt = (origin) => ({
  url: (model, pathname = '/') => `${origin}${pathname}?token=demo-token&model=${model}`,
});

/** Uncaught errors in the page (the driver's) and in the kiosk's own log lines (every engine). */
function uncaught(page, sim, allowed) {
  const logged = sim.state.logs.filter((line) => /Uncaught|Unhandled/.test(JSON.stringify(line))).map((line) => JSON.stringify(line));
  return [...page.errors, ...logged].filter((text) => !allowed.some((pattern) => pattern.test(text)));
}

for (const engine of ENGINES) {
  describe(engine.label, () => {
    let browser;
    let sim;
    before(async () => {
      browser = await engine.launch({ cameraFile });
      console.log(`[engines] ${engine.label}: ${browser.product}`);
    });
    after(() => browser?.close());
    beforeEach(async () => {
      sim = await startSimulator({ port: simPort, host: HOST });
    });
    afterEach(() => sim.close());

    /** A scenario in a fresh page of `model`, failing on any uncaught error it raised. */
    const scenario = (name, model, run) =>
      test(name, async () => {
        const page = await browser.newPage();
        try {
          await openKiosk({ page, kiosk: kioskAt(server.url), sim }, model);
          await run({ page, sim, model });
          assert.deepEqual(uncaught(page, sim, engine.allowedErrors), []);
        } finally {
          await page.close();
        }
      });

    scenario('welcome', engine.model, SCENARIOS.welcome);
    scenario('a valid typed code opens the gate', engine.model, SCENARIOS.code);
    scenario('an invalid code is refused and recorded', engine.model, SCENARIOS.invalidCode);
    scenario('a card read opens the gate', engine.model, SCENARIOS.card);
    scenario('the directory pages and a lookup', engine.directoryModel, SCENARIOS.directory);
    scenario('a QR code from the camera opens the gate', engine.model, SCENARIOS.qr);
  });
}
