// @vitest-environment node
import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from './server.mjs';
import { call } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof startSimulator>>} */
let sim;
beforeEach(async () => {
  sim = await startSimulator({ port: 0 });
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

describe('control API', () => {
  it('streams new records to the console', async () => {
    const change = await firstEvent(() =>
      call(sim, '/api/telephone-entry/checkin', { method: 'POST' }));
    expect(change).toEqual({ kind: 'record', list: 'checkins', record: { at: expect.any(String) } });
  });

  it('serves the console page', async () => {
    const res = await fetch(`${sim.url}/console`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('/sim/events');
  });

  it('patches device flags and rejects malformed patches', async () => {
    const res = await call(sim, '/sim/property', { method: 'PATCH', body: { device: { enable_qr_codes: false } } });
    expect(res.status).toBe(200);
    expect(sim.state.property.device).toMatchObject({ id: 7, enable_qr_codes: false, enable_numeric_codes: true });
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
