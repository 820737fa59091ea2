// @vitest-environment node
import { createHmac } from 'node:crypto';
import http from 'node:http';
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

/** Opens /sim/events and resolves with the first data message after `trigger`. */
function firstEvent(trigger) {
  return new Promise((resolve, reject) => {
    http.get(`${sim.url}/sim/events`, (res) => {
      expect(res.headers['content-type']).toBe('text/event-stream');
      let buffer = '';
      res.on('data', (chunk) => {
        buffer += chunk;
        const match = /^data: (.*)$/m.exec(buffer);
        if (!match) return;
        res.destroy();
        resolve(JSON.parse(match[1]));
      });
      trigger();
    }).on('error', reject);
  });
}

describe('the far end of a call', () => {
  const image = 'data:image/jpeg;base64,AA';
  const createCall = (body) => call(sim, '/api/telephone-entry/calls', { method: 'POST', body: { image_data: image, ...body } });
  const lastEvent = () => sim.state.channelEvents.at(-1);

  it('plays each far-end action on the latest call as the event of docs/calls.md', async () => {
    await createCall({ resident_id: 101, telnyx_enabled: false });
    const cases = [
      ['phone-connected', 'sip-message', { data: { room: 'call-1', connected: true } }],
      ['phone-open', 'sip-message', { data: { room: 'call-1', open: true } }],
      ['phone-hang-up', 'sim-voice', { call_id: 'call-1', action: 'disconnect' }],
      ['room-answered', 'sim-room', { room_id: 'room-1', message: 'answered' }],
      ['room-open-gate', 'sim-room', { room_id: 'room-1', message: 'open_gate' }],
      ['room-decline', 'sim-room', { room_id: 'room-1', message: 'decline' }],
      ['deny', 'client-deny', { call_id: 'call-1', open_gate: false }],
      ['open-gate', 'client-deny', { call_id: 'call-1', open_gate: true }],
    ];
    for (const [action, eventName, data] of cases) {
      const res = await call(sim, '/sim/call-action', { method: 'POST', token: null, body: { action } });
      expect(res.body).toEqual({ delivered: 0 });
      expect(lastEvent()).toMatchObject({ source: 'server', channel: sim.channelName(), event: eventName, data });
    }
  });

  it('hangs up the SIP leg of a provider call, and acts on an older call when named', async () => {
    await createCall({ resident_id: null, telnyx_enabled: true });
    await createCall({ resident_id: 101, telnyx_enabled: false });
    sim.callAction('phone-hang-up', 'call-1');
    expect(lastEvent()).toMatchObject({ event: 'sim-sip', data: { username: 'sim-kiosk-1', state: 'destroy' } });
  });

  it('answers 404 before any call, 400 for an unknown action or a bad call id', async () => {
    const post = (body) => call(sim, '/sim/call-action', { method: 'POST', token: null, body });
    expect((await post({ action: 'deny' })).status).toBe(404);
    await createCall({ resident_id: 101 });
    expect((await post({ action: 'toString' })).status).toBe(400);
    expect((await post({ action: 'deny', call_id: 7 })).status).toBe(400);
    expect((await post({ action: 'deny', call_id: 'call-9' })).status).toBe(404);
    expect(sim.state.channelEvents).toEqual([]);
  });
});

describe('control API', () => {
  it('streams new records to the console', async () => {
    const change = await firstEvent(() =>
      call(sim, '/api/telephone-entry/checkin', { method: 'POST' }));
    expect(change).toEqual({ kind: 'record', list: 'checkins', record: { at: expect.any(String) } });
  });

  it('serves the console page, its scripts and the Pusher client it subscribes with', async () => {
    const page = await fetch(`${sim.url}/console`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    for (const script of ['/console/pusher.js', '/console/console.js']) expect(html).toContain(`src="${script}"`);
    for (const [path, text] of [['/console/console.js', '/sim/events'], ['/console/far-end.js', 'client-sdp'], ['/console/pusher.js', 'Pusher']]) {
      const res = await fetch(`${sim.url}${path}`);
      expect(res.headers.get('content-type')).toMatch(/text\/javascript/);
      expect(await res.text()).toContain(text);
    }
    expect((await fetch(`${sim.url}/console/../api.mjs`)).status).toBe(404);
  });

  it('signs the console into the property channel only, without the kiosk token', async () => {
    const { pusherKey, channel } = (await call(sim, '/sim/state', { token: null })).body;
    expect(pusherKey).toBe('kiosk-local');
    const signed = await call(sim, '/sim/pusher-auth', {
      method: 'POST', token: null, body: 'socket_id=1.2&channel_name=' + channel,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const expected = createHmac('sha256', 'kiosk-local-secret').update(`1.2:${channel}`).digest('hex');
    expect(signed.body).toEqual({ auth: `kiosk-local:${expected}` });
    const other = await call(sim, '/sim/pusher-auth', { method: 'POST', token: null, body: { socket_id: '1.2', channel_name: 'private-x' } });
    expect(other.status).toBe(403);
    expect((await call(sim, '/sim/pusher-auth', { method: 'POST', token: null, body: { socket_id: 1 } })).status).toBe(400);
  });

  it('patches device flags and rejects malformed patches', async () => {
    const res = await call(sim, '/sim/property', { method: 'PATCH', body: { device: { enable_qr_codes: false } } });
    expect(res.status).toBe(200);
    expect(sim.state.property.device).toMatchObject({ id: 7, enable_qr_codes: false, enable_numeric_codes: 1 });
    expect((await call(sim, '/sim/property', { method: 'PATCH', body: { device: 'off' } })).status).toBe(400);
    expect((await call(sim, '/sim/offline', { method: 'POST', body: { offline: 'yes' } })).status).toBe(400);
    expect((await call(sim, '/sim/nope', { method: 'POST' })).status).toBe(404);
  });

  it('keeps two simulators in one process apart', async () => {
    const other = await startSimulator({ port: 0 });
    try {
      other.patchProperty({ property: { public_name: 'Other' } });
      expect(sim.state.property.property.public_name).toBe('Maple Court Apartments');
    } finally {
      await other.close();
    }
  });
});
