// @vitest-environment node
// Whatever a client sends, the simulator keeps serving; its control routes
// answer the console and local tools only; its records stay bounded.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startSimulator } from './server.mjs';
import { MAX_LIST_BYTES } from './store.mjs';
import { call, soketiForFile } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof startSimulator>>} */
let sim;
const soketi = soketiForFile();
beforeEach(async () => {
  sim = await startSimulator({ port: 0, soketi: soketi() });
});
afterEach(() => sim.close());

/** Writes raw bytes to the simulator and resolves with what comes back before it closes (or 300 ms pass). */
function raw(bytes, port = sim.port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    const chunks = [];
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', done);
    setTimeout(done, 300);
  });
}

const upgrade = (path) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n';

const stillServing = async () => expect((await call(sim, '/sim/state', { token: null })).status).toBe(200);

/** `npm run simulator` in a child process on a free port; resolves once it listens. */
async function simulatorProcess() {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./main.mjs', import.meta.url))], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => child.kill());
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // A new Node process starts in well over 5 s on a loaded 2-core machine.
  await vi.waitFor(() => expect(output).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/), { timeout: 30_000 });
  const port = Number(/:(\d+)/.exec(output.slice(output.indexOf('listening on')))?.[1]);
  return { child, port, output: () => output };
}

describe('the simulator never crashes on a request', () => {
  it('refuses WebSocket upgrades to badly percent-encoded paths and keeps running', { timeout: 60_000 }, async () => {
    const proc = await simulatorProcess();
    const other = { port: proc.port, url: `http://127.0.0.1:${proc.port}` };
    for (const path of ['/app/%E0%A4%A', '/app/%', '/app/%ZZ', '/hardware%', '/%E0%A4%A', '/app/kiosk-local%FF']) {
      const answer = await raw(upgrade(path), other.port);
      expect(answer).not.toMatch(/connection_established/);
      expect((await call(other, '/sim/state', { token: null })).status).toBe(200);
    }
    expect(proc.child.exitCode).toBeNull();
    expect(proc.output()).not.toMatch(/URIError/);
  });

  it('answers badly encoded HTTP paths and bodies with an error status', async () => {
    for (const path of ['/api/%', '/sim/%E0%A4%A', '/console/%ZZ', '/video-provider/%']) {
      const res = await fetch(`${sim.url}${path}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const malformed = await call(sim, '/api/telephone-entry/access-requests', { method: 'POST', body: '{"requests": [', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    await stillServing();
  });

  it('survives any request line, headers and body (fuzzed)', async () => {
    const text = fc.string({ unit: fc.constantFrom('%', '/', 'a', '0', 'E', 'F', '?', '#', '\u00e9', ' ', '.', '\\', '\u0000'), maxLength: 24 });
    const route = fc.constantFrom('/app/', '/hardware', '/api/', '/sim/', '/console', '/video-provider/', '/');
    const method = fc.constantFrom('GET', 'POST', 'PATCH', 'OPTIONS', 'DELETE', 'PUT', 'BREW');
    await fc.assert(
      fc.asyncProperty(method, route, text, fc.boolean(), fc.string({ maxLength: 40 }), async (verb, prefix, tail, asUpgrade, body) => {
        const path = prefix + tail;
        const head = asUpgrade
          ? upgrade(path)
          : `${verb} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
        await raw(head);
      }),
      { numRuns: 150 },
    );
    await stillServing();
  });
});

describe('control routes answer the console and local tools only', () => {
  const post = (headers) => fetch(`${sim.url}/sim/property-updated`, { method: 'POST', headers });
  const own = () => new URL(sim.url).host;

  it('refuses requests from any other web page, including the kiosk on another port', async () => {
    for (const headers of [
      { Origin: 'http://evil.example' },
      { Origin: 'http://127.0.0.1:5173' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'null' },
    ]) {
      const res = await post(headers);
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(sim.state.channelEvents).toEqual([]);
  });

  it('refuses a page on a name rebound to the loopback address', async () => {
    const res = await raw(`POST /sim/property-updated HTTP/1.1\r\nHost: rebound.example:${sim.port}\r\nOrigin: http://rebound.example:${sim.port}\r\nContent-Length: 0\r\n\r\n`);
    expect(res).toMatch(/^HTTP\/1\.1 403/);
  });

  it('answers the console (same origin) and tools (no browser headers)', async () => {
    expect((await post({ Origin: `http://${own()}`, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await post({ 'Sec-Fetch-Site': 'none' })).status).toBe(200);
    expect((await post({})).status).toBe(200);
    const res = await fetch(`${sim.url}/sim/state`);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('still lets the kiosk on another origin call the API', async () => {
    const res = await fetch(`${sim.url}/api/feature-flags`, { headers: { Origin: 'http://127.0.0.1:5173', Authorization: 'Bearer demo-token' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('records', () => {
  it('keep the newest 500 of a list, or as many as state.recordLimit says', async () => {
    const send = (count) =>
      Promise.all(Array.from({ length: count }, () => call(sim, '/api/telephone-entry/checkin', { method: 'POST' }).then((res) => expect(res.status).toBe(200))));
    await send(520);
    expect(sim.state.checkins).toHaveLength(500);
    sim.state.recordLimit = 1_000;
    await send(300);
    expect(sim.state.checkins).toHaveLength(800);
  });

  it('are bounded by total size per list, newest kept', async () => {
    const meta = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 10; i += 1) {
      const res = await call(sim, '/api/telephone-entry/logs', { method: 'POST', body: { message: `log ${i}`, meta, timestamp: 'now' } });
      expect(res.status).toBe(200);
    }
    const logs = sim.state.logs;
    expect(Buffer.byteLength(JSON.stringify(logs))).toBeLessThanOrEqual(MAX_LIST_BYTES);
    expect(logs.length).toBeGreaterThan(1);
    expect(logs.at(-1).message).toBe('log 9');
    expect(logs.map((log) => log.message)).toEqual([...logs.map((log) => log.message)].sort());
  });
});

describe('sockets answer pages of this machine and tools only', () => {
  /** Resolves with 'open' or the HTTP status the upgrade was refused with. */
  const upgrade = (path, headers) =>
    new Promise((resolve) => {
      // The Pusher socket is soketi's, on its own port.
      const port = path.startsWith('/app/') ? new URL(sim.pusherUrl).port : sim.port;
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
      ws.on('open', () => (ws.close(), resolve('open')));
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.on('error', () => resolve('error'));
    });
  const sockets = ['/hardware', '/app/kiosk-local?protocol=7'];

  it('refuses another web page, a rebound name and an opaque origin', async () => {
    for (const path of sockets) {
      expect(await upgrade(path, { Origin: 'http://evil.example' })).toBe(403);
      expect(await upgrade(path, { Origin: 'null' })).toBe(403);
      expect(await upgrade(path, { Host: `rebound.example:${sim.port}`, Origin: `http://rebound.example:${sim.port}` })).toBe(403);
    }
    expect(sim.state.hardware).toEqual([]);
  });

  it('accepts the kiosk on another loopback port, the console and tools', async () => {
    for (const path of sockets) {
      expect(await upgrade(path, { Origin: 'http://127.0.0.1:5173' })).toBe('open');
      expect(await upgrade(path, { Origin: 'http://localhost:41234' })).toBe('open');
      expect(await upgrade(path, { Origin: sim.url })).toBe('open');
      expect(await upgrade(path, {})).toBe('open');
    }
  });
});
