// Helpers for the simulator's own tests: HTTP calls and a WebSocket client
// that lets a test wait for the next matching message.
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import WebSocket from 'ws';
import { startSimulator } from './server.mjs';
import { startSoketi } from './soketi.mjs';

/**
 * @param {{ url: string }} sim
 * @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string | null, headers?: Record<string, string> }} [options]
 */
export async function call(sim, path, { method = 'GET', body, token = 'demo-token', headers = {} } = {}) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined || typeof body === 'string' ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/**
 * Opens a WebSocket; incoming JSON messages queue up until a test takes them.
 * @param {string} url
 */
export async function openSocket(url) {
  const ws = new WebSocket(url);
  /** @type {object[]} */
  const inbox = [];
  /** @type {{ match: (m: object) => boolean, resolve: (m: object) => void }[]} */
  const waiters = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    const waiter = waiters.find((w) => w.match(message));
    if (!waiter) return void inbox.push(message);
    waiters.splice(waiters.indexOf(waiter), 1);
    waiter.resolve(message);
  });
  await once(ws, 'open');
  return {
    ws,
    inbox,
    /** @param {object | string} message objects are JSON-encoded */
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    /** The first queued or future message matching `match`. */
    next(match = () => true, timeoutMs = 2000) {
      const index = inbox.findIndex(match);
      if (index >= 0) return Promise.resolve(inbox.splice(index, 1)[0]);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (m) => (clearTimeout(timer), resolve(m)) };
        // A waiter that timed out must not take a later message.
        const timer = setTimeout(() => (waiters.splice(waiters.indexOf(waiter), 1), reject(new Error('No matching message in time'))), timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => ws.close(),
  };
}

/** Matches Pusher messages by event name. */
export const event = (name) => (message) => message.event === name;

/**
 * Connects to the simulator's Pusher server (soketi) and waits for the socket id.
 * @param {{ pusherUrl: string }} sim
 */
export async function connectPusher(sim, key = 'kiosk-local') {
  const socket = await openSocket(`${sim.pusherUrl}/app/${key}?protocol=7&client=js&version=8.6.0`);
  const established = await socket.next(event('pusher:connection_established'));
  return { ...socket, socketId: JSON.parse(established.data).socket_id };
}

/**
 * One soketi on a free port for the calling file's tests, started before the
 * first and closed after the last: each simulator given it makes it clean.
 * @returns {() => import('./soketi.mjs').Soketi}
 */
export function soketiForFile() {
  /** @type {import('./soketi.mjs').Soketi} */
  let soketi;
  beforeAll(async () => {
    soketi = await startSoketi({ port: 0 });
  }, 30_000);
  afterAll(() => soketi?.close());
  return () => soketi;
}

/**
 * A fresh simulator on a free port for each test of the calling file (given
 * to `onStart`), and the sockets its tests open, closed after each test with it.
 * @param {(sim: Awaited<ReturnType<typeof startSimulator>>) => void} onStart
 */
export function simulatorForEachTest(onStart) {
  /** @type {Awaited<ReturnType<typeof startSimulator>>} */
  let sim;
  /** @type {{ close: () => void }[]} */
  let sockets = [];
  const soketi = soketiForFile();
  beforeEach(async () => {
    sim = await startSimulator({ port: 0, soketi: soketi() });
    sockets = [];
    onStart(sim);
  });
  afterEach(async () => {
    for (const socket of sockets) socket.close();
    await sim.close();
  });
  /** @template {{ close: () => void }} T @param {T} socket @returns {T} closed after the test */
  const keep = (socket) => (sockets.push(socket), socket);
  return {
    keep,
    /** @param {string} path a socket on the simulator, e.g. '/telnyx-rtc' */
    open: async (path) => keep(await openSocket(`${sim.url.replace('http', 'ws')}${path}`)),
  };
}
