// @vitest-environment node
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webCryptoVerifier } from '../src/features/passes/es256.ts';
import { readPassToken } from '../src/features/passes/passToken.ts';
import { startSimulator } from './server.mjs';
import { call, soketiForFile } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof startSimulator>>} */
let sim;
const soketi = soketiForFile();
beforeEach(async () => {
  sim = await startSimulator({ port: 0, soketi: soketi() });
});
afterEach(() => sim.close());

const control = (path, body) => call(sim, `/sim/${path}`, { method: 'POST', body });
const property = async () => (await call(sim, '/api/telephone-entry/property')).body;
const verify = async (text, jwk) => {
  const [header, payload, signature] = text.split('.');
  const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, Buffer.from(signature, 'base64url'), new TextEncoder().encode(`${header}.${payload}`));
};

describe('passes', () => {
  it('issues a pass signed by the key the property data publishes, also while the API is down: compact unless asked for a JWS', async () => {
    const [published] = (await property()).pass_keys;
    expect(published).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: 'sim-key-1' });
    await control('offline', { offline: true });
    const { body: pass, status } = await control('passes', { name: 'Ana', hours: 24, uses: 2 });
    expect(status).toBe(200);
    expect(pass.claims).toMatchObject({ iss: 1, name: 'Ana', kind: 'guest', uses: 2 });
    expect(pass.claims.exp - pass.claims.nbf).toBe(24 * 3600);
    // The panel's own reading of the compact pass.
    const token = readPassToken(pass.text);
    expect(pass.text).toMatch(/^KP1:/);
    expect(token).toMatchObject({ kid: 'sim-key-1', raw: pass.claims });
    expect(await webCryptoVerifier(crypto.subtle)(published, token.signed, token.signature)).toBe(true);
    const { body: jws } = await control('passes', { name: 'Bo', format: 'jws' });
    expect(await verify(jws.text, published)).toBe(true);
    expect((await control('passes', { name: 'Cy', format: 'cwt' })).status).toBe(400);
  });

  it('revokes a pass in revoked_passes, and rotates the key (retiring the old one on request)', async () => {
    await control('passes/revoke', { jti: 'pass-x' });
    expect((await property()).revoked_passes).toEqual(['pass-x']);
    await control('passes/rotate-key', {});
    expect((await property()).pass_keys.map(({ kid }) => kid)).toEqual(['sim-key-1', 'sim-key-2']);
    const { body: pass } = await control('passes', { name: 'Bo', kind: 'delivery', hours: 1, format: 'jws' });
    expect(JSON.parse(Buffer.from(pass.text.split('.')[0], 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'sim-key-2' });
    await control('passes/rotate-key', { retire: true });
    expect((await property()).pass_keys.map(({ kid }) => kid)).toEqual(['sim-key-3']);
  });

  it('gives the console each pass’s QR code, which reads back as the pass, and lists the passes issued', async () => {
    const { body: pass } = await control('passes', { name: 'Ana', kind: 'delivery', hours: 2, uses: 1, residentId: 101 });
    const { body: again, status } = await control('passes/qr', { jti: pass.claims.jti });
    expect(status).toBe(200);
    expect(again).toEqual({ jti: pass.claims.jti, qr: pass.qr });
    const png = PNG.sync.read(Buffer.from(pass.qr.replace(/^data:image\/png;base64,/, ''), 'base64'));
    // 8 pixels a module (a version 7 to 9 code at error correction L with its quiet zone: 424 to 488 pixels), large enough to hold to a camera.
    expect(png.width).toBeGreaterThanOrEqual(424);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(pass.text);
    const { body: state } = await call(sim, '/sim/state');
    expect(state.passes).toEqual([{ claims: pass.claims, text: pass.text, kid: 'sim-key-1' }]);
    expect((await control('passes/qr', { jti: 'pass-never' })).status).toBe(404);
  });

  it('serves the console’s Passes section and its script', async () => {
    const html = await (await fetch(`${sim.url}/console`)).text();
    for (const id of ['pass-form', 'pass-qr', 'pass-rotate', 'pass-list']) expect(html).toContain(`id="${id}"`);
    const script = await fetch(`${sim.url}/console/passConsole.js`);
    expect(script.headers.get('content-type')).toMatch(/text\/javascript/);
    expect(await script.text()).toContain("send('passes/revoke'");
  });

  it('refuses a pass without a name', async () => {
    expect((await control('passes', { hours: 2 })).status).toBe(400);
  });
});
