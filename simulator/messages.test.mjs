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

/** A call the back end created, as the kiosk makes it. */
const createCall = async () => (await call(sim, '/api/telephone-entry/calls', { method: 'POST', body: { resident_id: null, image_data: 'data:,', telnyx_enabled: false } })).body.id;

/** POST telephone-entry/calls/{id}/message with a raw body, as the kiosk sends one. */
async function sendMessage(callId, body, { type = 'video/webm', key = 'key-1', token = 'demo-token' } = {}) {
  const res = await fetch(`${sim.url}/api/telephone-entry/calls/${callId}/message`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': type, 'Idempotency-Key': key, 'X-Message-Kind': 'visitor', 'X-Recorded-At': '2026-11-21T10:00:00.000Z' },
    body,
  });
  return { status: res.status, body: await res.json() };
}

const state = async () => (await call(sim, '/sim/state')).body;

describe('POST telephone-entry/calls/{id}/message', () => {
  it('keeps a message for a call once per Idempotency-Key, lists it without its bytes, and plays it back', async () => {
    const callId = await createCall();
    expect(await sendMessage(callId, 'webm bytes')).toEqual({ status: 201, body: { id: 'message-1' } });
    // The kiosk sending it again after a reload mid-upload: the same message, not a second one.
    expect(await sendMessage(callId, 'webm bytes')).toEqual({ status: 200, body: { id: 'message-1' } });
    const { messages } = await state();
    expect(messages).toEqual([
      expect.objectContaining({ id: 'message-1', key: 'key-1', call_id: callId, kind: 'visitor', recorded_at: '2026-11-21T10:00:00.000Z', parts: [{ name: 'body', type: 'video/webm', bytes: 10 }] }),
    ]);
    const played = await fetch(`${sim.url}/sim/messages/message-1/body`);
    expect(played.headers.get('content-type')).toBe('video/webm');
    expect(await played.text()).toBe('webm bytes');
  });

  it('takes multipart/form-data, each part under its name (a delivery: a picture and a clip)', async () => {
    const callId = await createCall();
    const form = new FormData();
    form.append('picture', new Blob(['jpeg'], { type: 'image/jpeg' }), 'picture');
    form.append('clip', new Blob(['mp4 clip'], { type: 'video/mp4' }), 'clip');
    const res = await fetch(`${sim.url}/api/telephone-entry/calls/${callId}/message`, { method: 'POST', headers: { Authorization: 'Bearer demo-token', 'Idempotency-Key': 'k' }, body: form });
    expect(res.status).toBe(201);
    expect((await state()).messages[0].parts).toEqual([
      { name: 'picture', type: 'image/jpeg', bytes: 4 },
      { name: 'clip', type: 'video/mp4', bytes: 8 },
    ]);
    expect(await (await fetch(`${sim.url}/sim/messages/message-1/clip`)).text()).toBe('mp4 clip');
  });

  it.each([
    ['a call it never created', 'call-404', 'x', 'video/webm', 404],
    ['an empty body', null, '', 'video/webm', 400],
    ['a body that is not a recording', null, '{}', 'application/json', 415],
  ])('refuses %s', async (_what, unknownCall, body, type, status) => {
    const callId = unknownCall ?? (await createCall());
    const res = await sendMessage(callId, body, { type });
    expect(res.status).toBe(status);
    expect(res.body.error).toEqual(expect.any(String));
    expect((await state()).messages).toEqual([]);
  });

  it('needs the bearer token, and is down with the rest of the API when the simulator is offline', async () => {
    const callId = await createCall();
    expect((await sendMessage(callId, 'x', { token: 'wrong' })).status).toBe(401);
    await call(sim, '/sim/offline', { method: 'POST', body: { offline: true } });
    expect((await sendMessage(callId, 'x')).status).toBe(503);
    expect((await state()).messages).toEqual([]);
  });

  it('plays a back end without the endpoint: 404', async () => {
    const callId = await createCall();
    await call(sim, '/sim/messages-endpoint', { method: 'POST', body: { enabled: false } });
    expect((await sendMessage(callId, 'x')).status).toBe(404);
  });

  it('lets the kiosk send the message headers from its own origin (the preflight)', async () => {
    const res = await fetch(`${sim.url}/api/telephone-entry/calls/call-1/message`, { method: 'OPTIONS' });
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key, X-Message-Kind, X-Recorded-At/);
  });
});
