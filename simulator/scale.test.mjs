// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KNOWN, largeSeed, MAX_RESIDENTS, seedProperty } from './seed.mjs';
import { startSimulator } from './server.mjs';
import { call, soketiForFile } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof startSimulator>>} */
let sim;
const soketi = soketiForFile();
beforeEach(async () => {
  sim = await startSimulator({ port: 0, soketi: soketi() });
});
afterEach(() => sim.close());

const getProperty = (ifNoneMatch) =>
  fetch(`${sim.url}/api/telephone-entry/property`, {
    headers: { Authorization: 'Bearer demo-token', ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}) },
  });
const control = (path, body) => call(sim, `/sim/${path}`, { method: 'POST', body, token: null });

describe('the property answer\'s ETag', () => {
  it('is off unless turned on: no ETag, and If-None-Match is ignored', async () => {
    const res = await getProperty('"anything"');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
    expect((await res.json()).property.id).toBe(1);
  });

  it('when on, tags the answer, answers 304 with no body to the current tag and 200 once the data changed', async () => {
    expect(await control('property-etag', { etag: true })).toMatchObject({ status: 200, body: { etag: true } });
    const first = await getProperty();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('access-control-expose-headers')).toMatch(/ETag/);

    const again = await getProperty(etag);
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await getProperty(`"other", W/${etag}`)).status).toBe(304);
    expect((await getProperty('"other"')).status).toBe(200);

    sim.patchProperty({ property: { public_name: 'Birch Hall' } });
    const changed = await getProperty(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json()).property.public_name).toBe('Birch Hall');

    sim.setPropertyETag(false);
    expect((await getProperty(changed.headers.get('etag'))).status).toBe(200);
  });

  it('follows a property changed in place, as the tests change the default seed', async () => {
    sim.setPropertyETag(true);
    const etag = (await getProperty()).headers.get('etag');
    sim.state.property.property.public_name = 'Cedar Yard';
    const changed = await getProperty(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json()).property.public_name).toBe('Cedar Yard');
  });

  it('a seeded property is frozen whole: answered from one text until patched, then the patch is served', async () => {
    sim.setPropertyETag(true);
    await control('seed', { residents: 2000 });
    expect(() => {
      sim.state.property.residents[5].directory_display_name = 'Changed';
    }).toThrow(TypeError);
    const first = await getProperty();
    const etag = first.headers.get('etag');
    expect((await first.json()).residents).toHaveLength(2000);
    expect((await getProperty(etag)).status).toBe(304);

    sim.patchProperty({ property: { public_name: 'Birch Hall' }, featureFlags: { telnyx_enabled: true } });
    const patched = await getProperty(etag);
    expect(patched.status).toBe(200);
    const body = await patched.json();
    expect(body.property.public_name).toBe('Birch Hall');
    expect(body.residents).toHaveLength(2000);
    expect((await call(sim, '/api/feature-flags')).body).toEqual({ telnyx_enabled: true });
  });

  it('the kiosk\'s preflight may carry If-None-Match', async () => {
    const res = await fetch(`${sim.url}/api/telephone-entry/property`, { method: 'OPTIONS' });
    expect(res.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/);
  });

  it('refuses a setting that is not a boolean', async () => {
    expect((await control('property-etag', { etag: 'yes' })).status).toBe(400);
  });
});

describe('a large seed', () => {
  it('starts with the seed\'s own residents and is the same every time', () => {
    const seed = seedProperty();
    const large = largeSeed(50_000);
    expect(large.residents).toHaveLength(50_000);
    expect(large.residents.slice(0, seed.residents.length)).toEqual(seed.residents);
    expect(large.residents[0]).toMatchObject({ id: KNOWN.firstResident.id, property_access_code: { code: KNOWN.residentCode } });
    expect(largeSeed(50_000)).toEqual(large);
    expect({ ...large, residents: [] }).toEqual({ ...seed, residents: [] });
  });

  it('generates residents shaped as the seed\'s: ids, codes, cards and lookup codes', () => {
    const property = largeSeed(20_000);
    const { residents } = property;
    expect(new Set(residents.map((r) => r.id)).size).toBe(residents.length);
    expect(residents.every((r) => /^\d{4}$/.test(r.directory_lookup_code))).toBe(true);
    expect(new Set(residents.slice(0, 10_000).map((r) => r.directory_lookup_code)).size).toBe(10_000);
    const holderCodes = (r) => [r.property_access_code?.code, ...r.property_credentials.map((c) => c.code)];
    const codes = [
      ...[...residents, ...property.property_staff, ...property.property_guests].flatMap(holderCodes),
      ...property.unitGuests.map((g) => g.propertyAccessCode.code),
    ].filter(Boolean);
    expect(new Set(codes).size).toBe(codes.length);
    const accessCodes = largeSeed(MAX_RESIDENTS).residents.flatMap((r) => (r.property_access_code ? [r.property_access_code.code] : []));
    expect(accessCodes.every((code) => /^\d{5}$/.test(code) && code !== KNOWN.invalidCode)).toBe(true);
    const generated = residents[12_345];
    expect(Object.keys(generated).sort()).toEqual(Object.keys(residents[0]).sort());
    const isSet = (flag) => [true, 1, '1', 'true'].includes(flag);
    const hidden = residents.filter((r) => !isSet(r.enable_directory_listing)).length;
    expect(hidden).toBeGreaterThan(300);
    expect(hidden).toBeLessThan(500);
    expect(residents.some((r) => /^\d/.test(r.directory_sort_name))).toBe(true);
    expect(residents.filter((r) => r.directory_sort_name === 'de la Cruz, Maria').length).toBeGreaterThan(10);
  });

  it('is served after POST /sim/seed, which tells the kiosk to reload; a bad count is refused', async () => {
    expect(await control('seed', { residents: 5000 })).toMatchObject({ status: 200, body: { delivered: 0 } });
    const { body } = await call(sim, '/api/telephone-entry/property');
    expect(body.residents).toHaveLength(5000);
    expect(sim.state.channelEvents.at(-1)).toMatchObject({ event: 'property-updated' });
    for (const residents of [-1, 2.5, MAX_RESIDENTS + 1, '5000']) expect((await control('seed', { residents })).status).toBe(400);
    expect(() => largeSeed(MAX_RESIDENTS + 1)).toThrow(RangeError);
  });
});
