// The local back end for the kiosk: one HTTP server carrying the API, the
// Pusher-protocol socket, the hardware socket, the video provider's token
// endpoint and the console.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { createApi } from './api.mjs';
import { createControlRoutes, createControls } from './control.mjs';
import { createHardwareServer } from './hardware.mjs';
import { HttpError, sendJson, setCors } from './http-util.mjs';
import { createPusherServer } from './pusher.mjs';
import { loadPropertyData } from './seed.mjs';
import { createStore } from './store.mjs';
import { createVideoProvider } from './video.mjs';

const require = createRequire(import.meta.url);
/** The console's files, read once: the page, its scripts and the Pusher client it subscribes with. */
const CONSOLE_FILES = {
  '/console': ['text/html; charset=utf-8', readFileSync(new URL('./console.html', import.meta.url))],
  '/console/console.js': ['text/javascript; charset=utf-8', readFileSync(new URL('./console.js', import.meta.url))],
  '/console/far-end.js': ['text/javascript; charset=utf-8', readFileSync(new URL('./far-end.js', import.meta.url))],
  '/console/pusher.js': ['text/javascript; charset=utf-8', readFileSync(require.resolve('pusher-js/dist/web/pusher.min.js'))],
};

/** @param {import('node:http').ServerResponse} res @param {unknown} err */
function fail(res, err) {
  let status = 500;
  if (err instanceof HttpError) status = err.status;
  else if (err instanceof URIError) status = 400;
  else console.error('[simulator] request failed:', err);
  const message = status === 500 ? 'Internal simulator error' : /** @type {Error} */ (err).message;
  if (res.headersSent) res.destroy();
  else sendJson(res, status, { error: message });
}

/**
 * Starts the simulator. `port: 0` picks a free port (tests run several at once).
 * @param {{ port?: number, host?: string, token?: string, pusherKey?: string,
 *   pusherSecret?: string, videoKey?: string, property?: object }} [options]
 */
export async function startSimulator({
  port = 8787,
  host = '127.0.0.1',
  token = 'demo-token',
  pusherKey = 'kiosk-local',
  pusherSecret = 'kiosk-local-secret',
  videoKey = 'local-video-key',
  property,
} = {}) {
  const store = createStore(loadPropertyData(property));
  const { record, changed } = store;
  const pusher = createPusherServer({ key: pusherKey, secret: pusherSecret, record, changed });
  const hardware = createHardwareServer({ record, changed });
  const controls = createControls({ store, pusher, hardware });
  const handleApi = createApi({ token, store, pusher });
  const handleVideo = createVideoProvider({ videoKey, knownRooms: () => store.state.calls.map((c) => c.room_id) });
  const handleControl = createControlRoutes(controls, store);

  async function handle(req, res) {
    setCors(res);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const { pathname } = new URL(req.url ?? '/', 'http://local');
    if (pathname.startsWith('/api/')) return handleApi(req, res, pathname.slice('/api/'.length));
    if (pathname.startsWith('/video-provider/')) return handleVideo(req, res, pathname.slice('/video-provider'.length));
    if (pathname.startsWith('/sim/')) return handleControl(req, res, pathname.slice('/sim/'.length));
    if (req.method === 'GET' && Object.hasOwn(CONSOLE_FILES, pathname)) {
      const [type, body] = CONSOLE_FILES[pathname];
      return void res.writeHead(200, { 'Content-Type': type }).end(body);
    }
    if (req.method === 'GET' && pathname === '/') return void res.writeHead(302, { Location: '/console' }).end();
    throw new HttpError(404, `No route ${req.method} ${pathname}`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => fail(res, err));
  });
  server.on('clientError', (_err, socket) => socket.destroy());

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const { pathname } = new URL(req.url ?? '/', 'http://local');
    let wss = null;
    if (pathname.startsWith('/app/')) wss = pusher.wss;
    else if (pathname === '/hardware') wss = hardware.wss;
    if (!wss) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;

  async function close() {
    for (const wss of [pusher.wss, hardware.wss]) {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    }
    const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
    // Console event streams never end on their own.
    server.closeAllConnections();
    await closed;
  }

  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    state: store.state,
    channelName: store.channelName,
    close,
    ...controls,
  };
}
