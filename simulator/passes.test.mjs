// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  it('issues a pass signed by the key the property data publishes, also while the API is down', async () => {
    const [published] = (await property()).pass_keys;
    expect(published).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: 'sim-key-1' });
    await control('offline', { offline: true });
    const { body: pass, status } = await control('passes', { name: 'Ana', hours: 24, uses: 2 });
    expect(status).toBe(200);
    expect(pass.claims).toMatchObject({ iss: 1, name: 'Ana', kind: 'guest', uses: 2 });
    expect(pass.claims.exp - pass.claims.nbf).toBe(24 * 3600);
    expect(await verify(pass.text, published)).toBe(true);
  });

  it('revokes a pass in revoked_passes, and rotates the key (retiring the old one on request)', async () => {
    await control('passes/revoke', { jti: 'pass-x' });
    expect((await property()).revoked_passes).toEqual(['pass-x']);
    await control('passes/rotate-key', {});
    expect((await property()).pass_keys.map(({ kid }) => kid)).toEqual(['sim-key-1', 'sim-key-2']);
    const { body: pass } = await control('passes', { name: 'Bo', kind: 'delivery', hours: 1 });
    expect(JSON.parse(Buffer.from(pass.text.split('.')[0], 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'sim-key-2' });
    await control('passes/rotate-key', { retire: true });
    expect((await property()).pass_keys.map(({ kid }) => kid)).toEqual(['sim-key-3']);
  });

  it('refuses a pass without a name', async () => {
    expect((await control('passes', { hours: 2 })).status).toBe(400);
  });
});
