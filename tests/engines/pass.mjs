// A signed pass (docs/passes.md) issued by the simulator and held to the
// panel's camera, on every engine: the engine's fake camera playing it where
// the engine has a camera, else a canvas standing in for one (the pass is then
// decoded and checked by the same scanner, on the engine's WebCrypto).
import assert from 'node:assert/strict';
import { KNOWN } from '../../simulator/seed.mjs';
import { qrLumaFrame, writeQrY4m } from '../e2e/support/qr-video.mjs';
import { standInCamera } from '../e2e/support/standInCamera.mjs';
import { expectGateOpened, expectNotice, IN_PAGE } from './scenarios.mjs';

const GUEST = 'Ana Lucía Pérez';

async function issuePass(sim, body) {
  const response = await fetch(`${sim.url}/sim/passes`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(response.status, 200, 'POST /sim/passes');
  return response.json();
}

/**
 * Shows `text` to the scanner: `cameraFile` (the tier's camera file, read as
 * the camera starts) rewritten with it, or, where the engine has no camera
 * (`cameraFile` null), a stand-in camera in the page. Resolves with what puts
 * the tier's camera back (it shows the resident's code).
 */
async function showToCamera(page, text, cameraFile) {
  if (cameraFile) {
    writeQrY4m(cameraFile, text);
    return () => writeQrY4m(cameraFile, KNOWN.residentCode);
  }
  const { width, height, luma } = qrLumaFrame(text);
  await page.evaluate(`(${standInCamera})(${JSON.stringify({ width, height, luma: Buffer.from(luma).toString('base64') })})`);
  return () => undefined;
}

/**
 * A guest's pass for the first resident: 'Access Granted!' greeting the guest
 * by name, the resident's code at the gate, a granted request naming the
 * pass. The page is a secure context (127.0.0.1): WebCrypto checks it, the
 * library's chunk is not fetched.
 */
export async function passScan({ page, sim, model, cameraFile }) {
  const pass = await issuePass(sim, { name: GUEST, kind: 'guest', hours: 4, residentId: KNOWN.firstResident.id });
  const putBack = await showToCamera(page, pass.text, cameraFile);
  try {
    if (model === 'TOUCH') await page.tap(IN_PAGE.element('a', 'Scan a QR code'));
    else await page.press('Enter');
    await page.waitFor(`location.pathname === '/scan-qr'`);
    // The camera starting and the decoder loading in its worker: seconds on a loaded machine.
    await expectNotice(page, 'Access Granted!', 20_000);
  } finally {
    putBack();
  }
  assert.match(await page.evaluate(`document.querySelector('[role=alertdialog]').textContent`), new RegExp(`Welcome, ${GUEST}`));
  await expectGateOpened(sim, KNOWN.residentCode, `pass:${pass.claims.jti}`);
  assert.deepEqual(await page.evaluate(`performance.getEntriesByType('resource').map((e) => e.name).filter((name) => /nobleVerifier/.test(name))`), []);
}
