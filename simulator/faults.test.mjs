// @vitest-environment node
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startSimulator } from './server.mjs';
import { call, connectPusher, soketiForFile } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof startSimulator>>} */
let sim;
const soketi = soketiForFile();
beforeEach(async () => {
  sim = await startSimulator({ port: 0, soketi: soketi() });
});
afterEach(() => sim.close());

const item = { user_code: '10001', access_granted: true, created_at: '2026-01-02T03:04:05.678Z' };
const sendRequests = () =>
  fetch(`${sim.url}/api/telephone-entry/access-requests`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ requests: [item] }),
    signal: AbortSignal.timeout(1_000),
  });
/** What a client sees: a status, or the name of the error that ended the request. */
const outcome = (request) => request.then((res) => res.status, (error) => error.name);

describe('API faults, per endpoint', () => {
  it('answers 500 or 503 with a JSON error, for as many requests as asked, then normally again', async () => {
    for (const status of [500, 503]) {
      sim.setFault('telephone-entry/checkin', String(status), 2);
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push((await call(sim, '/api/telephone-entry/checkin', { method: 'POST' })).status);
      expect(answers).toEqual([status, status, 200]);
    }
    expect(sim.state.checkins).toHaveLength(2);
    // Other endpoints were never touched.
    expect((await call(sim, '/api/feature-flags')).status).toBe(200);
  });

  it('hangs until the client gives up; the request is never handled', async () => {
    sim.setFault('telephone-entry/access-requests', 'hang');
    expect(await outcome(sendRequests())).toBe('TimeoutError');
    expect(sim.state.accessRequests).toEqual([]);
    expect(sim.snapshot().faults).toEqual({ 'telephone-entry/access-requests': { fault: 'hang', remaining: null } });
  });

  it('lets hung requests go when the fault is cleared', async () => {
    sim.setFault('*', 'hang');
    const hung = outcome(fetch(`${sim.url}/api/feature-flags`, { headers: { Authorization: 'Bearer demo-token' } }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    sim.clearFaults();
    expect(await hung).toBe('TypeError');
    expect((await call(sim, '/api/feature-flags')).status).toBe(200);
  });

  it('sends malformed JSON after handling the request', async () => {
    sim.setFault('telephone-entry/access-requests', 'malformed', 1);
    const res = await sendRequests();
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow(SyntaxError);
    expect(sim.state.accessRequests).toHaveLength(1);
  });

  it('drops the connection before handling, or after (a lost answer: stored, never answered)', async () => {
    sim.setFault('telephone-entry/access-requests', 'drop', 1);
    expect(await outcome(sendRequests())).toBe('TypeError');
    expect(sim.state.accessRequests).toEqual([]);

    sim.setFault('telephone-entry/access-requests', 'lost-answer', 1);
    expect(await outcome(sendRequests())).toBe('TypeError');
    expect(sim.state.accessRequests).toMatchObject([item]);

    // The resend is echoed and not stored twice.
    const resent = await sendRequests();
    // Echoed as a back end without casts does (1 for true, microseconds).
    expect(await resent.json()).toEqual([{ user_code: item.user_code, access_granted: 1, created_at: '2026-01-02T03:04:05.678000Z' }]);
    expect(sim.state.accessRequests).toHaveLength(1);
  });

  it('applies `*` to every endpoint, an endpoint of its own first', async () => {
    sim.setFault('*', '503');
    sim.setFault('feature-flags', '500');
    expect((await call(sim, '/api/feature-flags')).status).toBe(500);
    expect((await call(sim, '/api/telephone-entry/property')).status).toBe(503);
    sim.clearFaults('*');
    expect((await call(sim, '/api/telephone-entry/property')).status).toBe(200);
  });

  it('is set and cleared through /sim/fault, which checks what it is given', async () => {
    const set = await call(sim, '/sim/fault', { method: 'POST', token: null, body: { endpoint: 'feature-flags', fault: 'drop', count: 3 } });
    expect(set.body).toEqual({ faults: { 'feature-flags': { fault: 'drop', remaining: 3 } } });
    for (const body of [{ endpoint: 'feature-flags', fault: 'explode' }, { endpoint: '', fault: '500' }, { endpoint: 'x', fault: '500', count: 0 }]) {
      expect((await call(sim, '/sim/fault', { method: 'POST', token: null, body })).status).toBe(400);
    }
    const cleared = await call(sim, '/sim/fault', { method: 'POST', token: null, body: { fault: null } });
    expect(cleared.body).toEqual({ faults: {} });
  });
});

describe('the Pusher server stopping and starting', () => {
  it('cuts every connection and refuses new ones until it is started again', async () => {
    const client = await connectPusher(sim);
    const closed = once(client.ws, 'close');
    const res = await call(sim, '/sim/pusher', { method: 'POST', token: null, body: { running: false } });
    expect(res.body).toEqual({ running: false });
    const [code] = await closed;
    expect(code).toBe(1006);
    expect(sim.snapshot().pusherRunning).toBe(false);

    // soketi's process is gone: nothing listens on its port.
    const refused = new WebSocket(`${sim.pusherUrl}/app/kiosk-local?protocol=7`);
    const [error] = await once(refused, 'error');
    expect(error.code).toBe('ECONNREFUSED');

    await sim.startPusher();
    const again = await connectPusher(sim);
    expect(again.socketId).toEqual(expect.any(String));
    again.close();
  });
});

describe('the hardware socket closing and refusing', () => {
  const hardwareUrl = () => `${sim.url.replace('http', 'ws')}/hardware`;

  it('closes every connection; a new one is accepted at once', async () => {
    const panel = new WebSocket(hardwareUrl());
    await once(panel, 'open');
    const closed = once(panel, 'close');
    await call(sim, '/sim/hardware-socket', { method: 'POST', token: null, body: { action: 'close' } });
    await closed;
    const next = new WebSocket(hardwareUrl());
    await once(next, 'open');
    next.close();
  });

  it('refuses connections for the time asked, or until accepted again', async () => {
    const res = await call(sim, '/sim/hardware-socket', { method: 'POST', token: null, body: { action: 'refuse', seconds: 0.3 } });
    expect(res.body.refusedUntil).toEqual(expect.any(String));
    const refused = new WebSocket(hardwareUrl());
    const [, response] = await once(refused, 'unexpected-response');
    expect(response.statusCode).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const accepted = new WebSocket(hardwareUrl());
    await once(accepted, 'open');
    accepted.close();

    sim.refuseHardwareSocket(Infinity);
    expect(sim.snapshot().hardwareRefusedUntil).toBe('until accepted');
    sim.acceptHardwareSocket();
    expect(sim.snapshot().hardwareRefusedUntil).toBeNull();
    const bad = await call(sim, '/sim/hardware-socket', { method: 'POST', token: null, body: { action: 'refuse', seconds: -1 } });
    expect(bad.status).toBe(400);
  });
});
