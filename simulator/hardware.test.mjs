// @vitest-environment node
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from './server.mjs';
import { call, openSocket, soketiForFile } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof startSimulator>>} */
let sim;
/** @type {Awaited<ReturnType<typeof openSocket>>} */
let kiosk;
const soketi = soketiForFile();
beforeEach(async () => {
  sim = await startSimulator({ port: 0, soketi: soketi() });
  kiosk = await openSocket(`${sim.url.replace('http', 'ws')}/hardware`);
});
afterEach(async () => {
  kiosk.close();
  await sim.close();
});

let nextId = 1;
/** Sends a request and waits for the answer with its id. */
function request(method, params) {
  const id = nextId++;
  kiosk.send({ jsonrpc: '2.0', id, method, params });
  return kiosk.next((m) => m.id === id);
}

describe('hardware socket', () => {
  it('answers the kiosk methods and records them with timestamps', async () => {
    expect(await request('detectUrl', ['http://127.0.0.1:5173/?model=GEN2'])).toMatchObject({ jsonrpc: '2.0', result: true });
    expect((await request('wiegand', [0, '10001'])).result).toBe(true);
    await sleep(600);
    expect((await request('enable_relay1', [])).result).toBe(true);
    const [detect, wiegand, relay] = sim.state.hardware;
    expect(detect).toMatchObject({ direction: 'in', method: 'detectUrl', params: ['http://127.0.0.1:5173/?model=GEN2'], at: expect.any(String) });
    expect(wiegand).toMatchObject({ method: 'wiegand', params: [0, '10001'] });
    expect(relay.ms - wiegand.ms).toBeGreaterThanOrEqual(600);
    expect(relay.gateOpening).toEqual({ code: '10001', delayMs: expect.any(Number) });
  });

  it('answers JSON-RPC errors and keeps the socket', async () => {
    expect((await request('launch_rockets', [])).error.code).toBe(-32601);
    expect((await request('wiegand', ['10001'])).error.code).toBe(-32602);
    kiosk.send('{oops');
    expect((await kiosk.next((m) => m.error?.code === -32700)).id).toBeNull();
    kiosk.send({ id: 99, method: 'wiegand' });
    expect(await kiosk.next((m) => m.id === 99)).toMatchObject({ error: { code: -32600 } });
    kiosk.send([1, 2]);
    await kiosk.next((m) => m.error?.code === -32600 && m.id === null);
    expect((await request('enable_relay1')).result).toBe(true);
    expect(sim.state.hardware.map((r) => r.method)).toEqual(['enable_relay1']);
  });

  it('sends card reads and refresh to connected kiosks', async () => {
    expect(sim.facility('10001')).toBe(1);
    expect(await kiosk.next()).toEqual({ jsonrpc: '2.0', method: 'facility', params: { code: '10001' } });
    const res = await call(sim, '/sim/facility', { method: 'POST', body: { code: '777' } });
    expect(res.body).toEqual({ sent: 1 });
    expect((await kiosk.next()).params).toEqual({ code: '777' });
    await call(sim, '/sim/refresh', { method: 'POST' });
    expect(await kiosk.next()).toEqual({ jsonrpc: '2.0', method: 'refresh' });
    expect((await call(sim, '/sim/facility', { method: 'POST', body: { code: 'abc' } })).status).toBe(400);
    expect(sim.state.hardware.map((r) => [r.direction, r.method, r.delivered])).toEqual([
      ['out', 'facility', 1], ['out', 'facility', 1], ['out', 'refresh', 1],
    ]);
  });

  it('shows recorded messages in /sim/state and clears them on reset', async () => {
    await request('wiegand', [0, '10001']);
    const state = (await call(sim, '/sim/state')).body;
    expect(state.hardware).toHaveLength(1);
    expect(state.connections.hardware).toBe(1);
    await call(sim, '/sim/reset', { method: 'POST' });
    expect((await call(sim, '/sim/state')).body.hardware).toEqual([]);
  });
});

describe('hardware socket on a port of its own', () => {
  it('serves the daemon there, and only the daemon', async () => {
    const apart = await startSimulator({ port: 0, hardwarePort: 0 });
    try {
      expect(apart.hardwareUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/hardware$/);
      expect(apart.hardwareUrl).not.toBe(`${apart.url.replace('http', 'ws')}/hardware`);
      const daemon = await openSocket(apart.hardwareUrl);
      daemon.send({ jsonrpc: '2.0', id: 1, method: 'detectUrl', params: ['http://kiosk.test/'] });
      expect(await daemon.next((m) => m.id === 1)).toMatchObject({ result: true });
      daemon.close();
      expect(apart.state.hardware).toEqual([expect.objectContaining({ direction: 'in', method: 'detectUrl' })]);
      // Neither the real-time channel nor the API answers on the daemon's port.
      const origin = apart.hardwareUrl.replace('ws://', 'http://').replace('/hardware', '');
      expect((await fetch(`${origin}/api/telephone-entry/property`)).status).toBe(404);
      await expect(openSocket(`${apart.hardwareUrl.replace('/hardware', '')}/app/kiosk-local`)).rejects.toThrow();
    } finally {
      await apart.close();
    }
  });

  it('is on the simulator port when no port of its own is asked for', () => {
    expect(sim.hardwareUrl).toBe(`${sim.url.replace('http', 'ws')}/hardware`);
  });
});
