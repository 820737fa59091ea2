// @vitest-environment node
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KNOWN } from './seed.mjs';
import { startSimulator } from './server.mjs';
import { call, connectPusher, event, soketiForFile } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof startSimulator>>} */
let sim;
const soketi = soketiForFile();
beforeEach(async () => {
  sim = await startSimulator({ port: 0, soketi: soketi() });
});
afterEach(() => sim.close());

const post = (path, body, options = {}) => call(sim, `/api/${path}`, { method: 'POST', body, ...options });
const now = '2026-01-02T03:04:05.678Z';

describe('authorization and CORS', () => {
  it('refuses calls without the bearer token, with a JSON error', async () => {
    for (const token of [null, 'wrong']) {
      const res = await call(sim, '/api/feature-flags', { token });
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await call(sim, '/api/feature-flags')).body).toEqual({ telnyx_enabled: false });
  });

  it('answers the preflight of another origin', async () => {
    const res = await fetch(`${sim.url}/api/telephone-entry/property`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });
});

describe('property', () => {
  it('serves the seeded property in the shape of rules R3.1', async () => {
    const { status, body } = await call(sim, '/api/telephone-entry/property');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      ['device', 'pass_keys', 'property', 'property_guests', 'property_staff', 'residents', 'revoked_passes', 'twimlToken', 'unitGuests'].sort(),
    );
    expect(body.property).toEqual({ id: 1, public_name: 'Maple Court Apartments', phone: '5555550100', clubhouse_panel_id: null });
    expect(body.device.id).toBe(7);
    // Booleans come spelled as a back end without casts sends them.
    const isSet = (flag) => [true, 1, '1', 'true'].includes(flag);
    const listed = body.residents.filter((r) => isSet(r.enable_directory_listing));
    expect(listed.length).toBeGreaterThanOrEqual(60);
    expect(body.residents.length - listed.length).toBe(4);
    expect(new Set(body.residents.map((r) => r.directory_lookup_code)).size).toBe(body.residents.length);
    expect(body.residents.every((r) => /^\d{4}$/.test(r.directory_lookup_code))).toBe(true);
    const first = body.residents[0];
    expect(first).toMatchObject({ id: KNOWN.firstResident.id, directory_display_name: KNOWN.firstResident.name });
    expect(first.property_access_code.code).toBe(KNOWN.residentCode);
    expect(first.property_credentials).toContainEqual({ code: KNOWN.residentCredential });
    const resident = (id) => body.residents.find((r) => r.id === id);
    expect(isSet(resident(KNOWN.videoResidentId).user_enabled_video_calls)).toBe(true);
    expect(isSet(resident(KNOWN.noVideoResidentId).user_enabled_video_calls)).toBe(false);
    expect(isSet(resident(KNOWN.hiddenResidentId).enable_directory_listing)).toBe(false);
    const guest = (code) => body.unitGuests.find((g) => g.propertyAccessCode.code === code).propertyAccessCode;
    expect([isSet(guest(KNOWN.activeUnitGuestCode).active), isSet(guest(KNOWN.inactiveUnitGuestCode).active)]).toEqual([true, false]);
  });

  it("sends staff, property guests and unit guests in the shape of rules R3.1.5 and R3.1.6, without ids, and booleans in every spelling", async () => {
    const { body } = await call(sim, '/api/telephone-entry/property');
    for (const holder of [...body.property_staff, ...body.property_guests]) {
      expect(Object.keys(holder).sort()).toEqual(['property_access_code', 'property_credentials']);
    }
    for (const guest of body.unitGuests) expect(Object.keys(guest)).toEqual(['propertyAccessCode']);
    const flags = [...body.residents.flatMap((r) => [r.enable_directory_listing, r.user_enabled_video_calls]), ...body.unitGuests.map((g) => g.propertyAccessCode.active)];
    for (const spelling of [1, 0, '1', '0', 'true', 'false', true, false]) expect(flags).toContain(spelling);
  });

  it('serves a property given as an option instead of the seed', async () => {
    const other = await startSimulator({ port: 0, property: { property: { id: 9 }, device: { id: 1 }, residents: [] } });
    try {
      expect((await call(other, '/api/telephone-entry/property')).body.property.id).toBe(9);
    } finally {
      await other.close();
    }
  });
});

describe('access requests', () => {
  const granted = { user_code: KNOWN.residentCode, access_granted: true, created_at: now };
  /** An item as the simulator echoes it, like a back end without casts: the outcome as 1/0, the time with microseconds. */
  const echo = (item) => ({ ...item, access_granted: item.access_granted ? 1 : 0, created_at: item.created_at.replace('Z', '000Z') });

  it('records valid items, echoes them, and leaves malformed ones out', async () => {
    const bad = [
      { user_code: 10001, access_granted: true, created_at: now },
      { user_code: '10001', access_granted: 'yes', created_at: now },
      { user_code: '10001', access_granted: true, created_at: 'yesterday' },
      null,
    ];
    const res = await post('telephone-entry/access-requests', { requests: [granted, ...bad] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([echo(granted)]);
    expect(sim.state.accessRequests).toEqual([{ ...granted, at: expect.any(String) }]);
  });

  it('echoes a resent item but records it once, the same instant in any spelling', async () => {
    const denied = { user_code: KNOWN.invalidCode, access_granted: false, created_at: now };
    await post('telephone-entry/access-requests', { requests: [granted] });
    const respelled = { ...granted, created_at: granted.created_at.replace('Z', '+00:00') };
    const res = await post('telephone-entry/access-requests', { requests: [respelled, denied] });
    expect(res.body).toEqual([echo(granted), echo(denied)]);
    expect(sim.state.accessRequests.map((r) => r.user_code)).toEqual([KNOWN.residentCode, KNOWN.invalidCode]);
  });

  it('as a back end keeping whole seconds: records and echoes the second, two reads in one second are one record', async () => {
    sim.state.accessRequestTimes = 'seconds';
    const first = { user_code: KNOWN.residentCode, access_granted: true, created_at: '2026-11-21T10:00:00.123Z' };
    const second = { ...first, created_at: '2026-11-21T10:00:00.876Z' };
    const res = await post('telephone-entry/access-requests', { requests: [first, second] });
    const echoed = { user_code: KNOWN.residentCode, access_granted: 1, created_at: '2026-11-21 10:00:00' };
    expect(res.body).toEqual([echoed, echoed]);
    expect(sim.state.accessRequests).toEqual([{ ...first, created_at: '2026-11-21T10:00:00Z', at: expect.any(String) }]);
  });

  it('keeps the reason a refused pass gives, and echoes the item as any other', async () => {
    const refused = { user_code: 'pass:pass-1', access_granted: false, created_at: now, reason: 'revoked' };
    const res = await post('telephone-entry/access-requests', { requests: [refused] });
    expect(res.body).toEqual([{ user_code: 'pass:pass-1', access_granted: 0, created_at: now.replace('Z', '000Z') }]);
    expect(sim.state.accessRequests).toEqual([{ ...refused, at: expect.any(String) }]);
  });

  it('answers 400 when requests is not a list', async () => {
    expect((await post('telephone-entry/access-requests', { requests: 'x' })).status).toBe(400);
  });
});

describe('records', () => {
  it('records check-ins, logs and SIP calls', async () => {
    expect((await post('telephone-entry/checkin')).body).toEqual({ ok: true });
    await post('telephone-entry/logs', { message: 'hello', meta: { a: 1 }, timestamp: now });
    const sip = { intercomCallId: 'call-1', pusherChannelName: sim.channelName(), tenantId: 101, to: '+15552000000', username: 'sip:x@y' };
    expect((await post('telephone-entry/sip-call', sip)).body).toEqual({ ok: true });
    expect(sim.state.checkins).toHaveLength(1);
    expect(sim.state.logs[0]).toMatchObject({ message: 'hello', meta: { a: 1 }, timestamp: now });
    expect(sim.state.sipCalls[0]).toMatchObject(sip);
  });

  it('creates calls for a resident and for the manager', async () => {
    const image = 'data:image/jpeg;base64,AAAA';
    const resident = await post('telephone-entry/calls', { resident_id: 101, image_data: image, telnyx_enabled: false });
    expect(resident.body).toEqual({
      id: 'call-1', token: { iceServers: [] }, room_id: 'room-1', resident_id: 101,
      sip_username: expect.any(String), sip_password: expect.any(String),
    });
    const manager = await post('telephone-entry/calls', { resident_id: null, image_data: image, telnyx_enabled: true });
    expect(manager.body.id).toBe('call-2');
    expect(manager.body).not.toHaveProperty('resident_id');
    expect(sim.state.calls[0]).toMatchObject({ id: 'call-1', image_data: image });
    expect((await post('telephone-entry/calls', { resident_id: 999999, image_data: image })).status).toBe(422);
  });

  it('answers with a room_token of the call\'s room once room tokens are on, and records it with the call', async () => {
    const image = 'data:image/jpeg;base64,AAAA';
    expect((await post('telephone-entry/calls', { resident_id: 101, image_data: image })).body).not.toHaveProperty('room_token');
    expect(await call(sim, '/sim/room-tokens', { method: 'POST', body: { enabled: true } })).toMatchObject({ status: 200, body: { enabled: true } });
    const { body } = await post('telephone-entry/calls', { resident_id: 101, image_data: image, telnyx_enabled: true });
    expect(JSON.parse(Buffer.from(body.room_token, 'base64url').toString())).toMatchObject({ kind: 'join', room: body.room_id });
    expect(sim.state.calls[1]).toMatchObject({ id: 'call-2', room_token: body.room_token });
    expect(sim.snapshot().roomTokens).toBe(true);
    expect((await call(sim, '/sim/room-tokens', { method: 'POST', body: { enabled: 'yes' } })).status).toBe(400);
  });

  it('hands out the ICE servers set with /sim/ice-servers in token.iceServers', async () => {
    const image = 'data:image/jpeg;base64,AAAA';
    const turn = [{ urls: 'turn:10.231.9.1:3478?transport=udp', username: 'u', credential: 'c' }];
    expect(await call(sim, '/sim/ice-servers', { method: 'POST', body: { iceServers: turn } })).toMatchObject({ status: 200, body: { iceServers: turn } });
    expect((await post('telephone-entry/calls', { resident_id: 101, image_data: image })).body.token).toEqual({ iceServers: turn });
    expect((await call(sim, '/sim/ice-servers', { method: 'POST', body: { iceServers: ['stun:x'] } })).status).toBe(400);
  });

  it("records a delivery call's reason, and nothing for a call without one", async () => {
    const image = 'data:image/jpeg;base64,AAAA';
    const delivery = await post('telephone-entry/calls', { resident_id: 101, image_data: image, telnyx_enabled: false, reason: 'delivery' });
    await post('telephone-entry/calls', { resident_id: 101, image_data: image, telnyx_enabled: false });
    // The answer is the call's as for any other: the reason is the resident side's to show.
    expect(delivery.body).not.toHaveProperty('reason');
    expect(sim.state.calls[0]).toMatchObject({ id: 'call-1', reason: 'delivery' });
    expect(sim.state.calls[1]).not.toHaveProperty('reason');
  });

  it('creates the test call (SPACE on home) for nobody in the directory', async () => {
    const res = await post('telephone-entry/calls', { resident_id: 'test', image_data: 'data:image/jpeg;base64,AA', telnyx_enabled: false });
    expect(res.body).toMatchObject({ id: 'call-1', resident_id: 'test' });
  });

  it('rings the kiosk SIP user named in a sip-call on the property channel', async () => {
    const kiosk = await connectPusher(sim);
    const channel = sim.channelName();
    kiosk.send({ event: 'pusher:subscribe', data: { channel, auth: sim.pusherAuth({ socket_id: kiosk.socketId, channel_name: channel }).auth } });
    await kiosk.next(event('pusher_internal:subscription_succeeded'));
    await post('telephone-entry/sip-call', {
      intercomCallId: 'call-1', pusherChannelName: channel, tenantId: null, to: '+15552000000', username: 'sip:sim-kiosk-1@sip.telnyx.com',
    });
    const ring = await kiosk.next(event('sim-sip'));
    expect(JSON.parse(ring.data)).toEqual({ username: 'sim-kiosk-1', state: 'ringing' });
    kiosk.close();
  });
});

describe('pusher channel authorization', () => {
  const expected = (socketId, channel) =>
    `kiosk-local:${createHmac('sha256', 'kiosk-local-secret').update(`${socketId}:${channel}`).digest('hex')}`;

  it('signs the property channel, sent as a form or as JSON', async () => {
    const channel = 'private-telephone-entry-property-1';
    const form = await post('telephone-entry/pusher/auth', `socket_id=123.456&channel_name=${channel}`, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.body).toEqual({ auth: expected('123.456', channel) });
    const json = await post('telephone-entry/pusher/auth', { socket_id: '1.2', channel_name: channel });
    expect(json.body).toEqual({ auth: expected('1.2', channel) });
  });

  it('refuses other channels', async () => {
    const res = await post('telephone-entry/pusher/auth', { socket_id: '1.2', channel_name: 'private-telephone-entry-property-2' });
    expect(res.status).toBe(403);
  });
});

describe('offline and bad input', () => {
  it('answers 503 on every API route while offline', async () => {
    sim.setOffline(true);
    expect((await call(sim, '/api/feature-flags')).status).toBe(503);
    expect((await post('telephone-entry/checkin')).status).toBe(503);
    await call(sim, '/sim/offline', { method: 'POST', body: { offline: false } });
    expect((await call(sim, '/api/feature-flags')).status).toBe(200);
  });

  it('answers malformed JSON with 400 and keeps serving', async () => {
    const res = await post('telephone-entry/logs', '{"message": ', { headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/JSON/);
    expect((await call(sim, '/api/feature-flags')).status).toBe(200);
  });

  it('answers unknown routes with 404 and big bodies with 413', async () => {
    expect((await call(sim, '/api/nope')).status).toBe(404);
    const big = JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024 + 10) });
    expect((await post('telephone-entry/logs', big)).status).toBe(413);
    expect((await call(sim, '/api/feature-flags')).status).toBe(200);
  });
});

describe('video provider', () => {
  const tokenPath = (room) => `/video-provider/v2/rooms/${room}/actions/generate_join_client_token`;

  it('issues join tokens for rooms of created calls, with its own key', async () => {
    await post('telephone-entry/calls', { resident_id: 101, image_data: 'data:image/png;base64,AA' });
    expect((await call(sim, tokenPath('room-1'), { method: 'POST' })).status).toBe(401);
    const res = await call(sim, tokenPath('room-1'), { method: 'POST', token: 'local-video-key', body: {} });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      token: expect.any(String), refresh_token: expect.any(String),
      token_expires_at: expect.any(String), refresh_token_expires_at: expect.any(String),
    });
    expect(Date.parse(res.body.data.token_expires_at)).toBeGreaterThan(Date.now());
    expect((await call(sim, tokenPath('room-9'), { method: 'POST', token: 'local-video-key' })).status).toBe(404);
  });
});
