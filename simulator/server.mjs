// The local back end for the kiosk: one HTTP server carrying the API, the
// hardware socket, the video provider's token endpoint, the call twins, the
// proxy in front of Janus and the console, and soketi beside it for the
// Pusher channel (channel.mjs, soketi.mjs).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { createApi } from './api.mjs';
import { createChannel } from './channel.mjs';
import { createControlRoutes, createControls } from './control.mjs';
import { createHardwareServer } from './hardware.mjs';
import { createJanusProxy, janusProxyRoom } from './janusProxy.mjs';
import { createMessages } from './messages.mjs';
import { createFaults } from './faults.mjs';
import { HttpError, isLocalControl, isLocalPage, sendJson, setCors } from './http-util.mjs';
import { loadPropertyData } from './seed.mjs';
import { startSoketi } from './soketi.mjs';
import { createStore } from './store.mjs';
import { createTelnyxRtcServer } from './telnyxRtc.mjs';
import { createTwilioVoiceServer } from './twilioVoice.mjs';
import { createTelnyxVideoServer, telnyxVideoRoom } from './telnyxVideo.mjs';
import { createVideoProvider } from './video.mjs';

const require = createRequire(import.meta.url);
/** The console's files, read once: the page, its scripts and the Pusher client it subscribes with. */
const CONSOLE_FILES = {
  '/console': ['text/html; charset=utf-8', readFileSync(new URL('./console.html', import.meta.url))],
  '/console/console.js': ['text/javascript; charset=utf-8', readFileSync(new URL('./console.js', import.meta.url))],
  '/console/far-end.js': ['text/javascript; charset=utf-8', readFileSync(new URL('./far-end.js', import.meta.url))],
  '/console/passConsole.js': ['text/javascript; charset=utf-8', readFileSync(new URL('./passConsole.js', import.meta.url))],
  '/console/phone.js': ['text/javascript; charset=utf-8', readFileSync(new URL('./phone.js', import.meta.url))],
  '/console/pusher.js': ['text/javascript; charset=utf-8', readFileSync(require.resolve('pusher-js/dist/web/pusher.min.js'))],
};

/** @param {import('node:http').IncomingMessage} req @returns {string | null} the path, null when it cannot be read */
function pathOf(req) {
  try {
    return new URL(req.url ?? '/', 'http://local').pathname;
  } catch {
    return null;
  }
}

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

/** Listens on host:port (0: a free one); resolves with the port. @param {http.Server} server */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port);
    });
  });
}

/**
 * Starts the simulator. `port: 0` picks a free port (tests run several at once).
 * `hardwarePort` (0: a free one) serves the hardware socket on a port of its
 * own as well, as a panel's daemon is apart from the back end: a browser can
 * then treat the back end's address and the daemon's differently (Local
 * Network Access). The Pusher channel runs on soketi: `soketi` shares one
 * already started (startSoketi; it is made clean for this simulator and
 * left running by `close`), otherwise one is started on `pusherPort`
 * (default 0: a free one) with `pusherKey` and `pusherSecret`, and closed with it.
 * `janus` (a started janus.mjs) puts the proxy standing in for Telnyx's in
 * front of it, on `/telnyx-janus/<room>/janus`.
 * @param {{ port?: number, host?: string, hardwarePort?: number, token?: string, pusherPort?: number,
 *   pusherKey?: string, pusherSecret?: string, soketi?: import('./soketi.mjs').Soketi, videoKey?: string,
 *   property?: object, janus?: { url: string, ensureRoom: (room: string) => Promise<void> } }} [options]
 */
export async function startSimulator({
  port = 8787,
  host = '127.0.0.1',
  hardwarePort,
  token = 'demo-token',
  pusherKey = 'kiosk-local',
  pusherSecret = 'kiosk-local-secret',
  pusherPort = 0,
  soketi: shared,
  videoKey = 'local-video-key',
  property,
  janus,
} = {}) {
  const store = createStore(loadPropertyData(property));
  const { record, changed } = store;
  const soketi = shared ?? (await startSoketi({ host, port: pusherPort, key: pusherKey, secret: pusherSecret }));
  if (shared) await shared.clean();
  const pusher = createChannel({ soketi, channelName: store.channelName, record, changed });
  const hardware = createHardwareServer({ record, changed });
  const faults = createFaults({ changed });
  const messages = createMessages({ store });
  const controls = createControls({ store, pusher, hardware, faults, messages });
  // The back end tells the kiosk the phone leg is connected once the kiosk has answered it.
  const telnyxRtc = createTelnyxRtcServer({
    onAnswered: (room) => pusher.trigger(store.channelName(), 'sip-message', { data: { room, connected: true } }),
  });
  const twilioVoice = createTwilioVoiceServer({
    record,
    onAnswered: (room) => pusher.trigger(store.channelName(), 'sip-message', { data: { room, connected: true } }),
  });
  const telnyxVideo = createTelnyxVideoServer();
  const janusProxy = janus ? createJanusProxy({ janusUrl: janus.url, ensureRoom: janus.ensureRoom }) : null;
  const handleApi = createApi({ token, store, pusher, faults, telnyxRtc, messages });
  const handleVideo = createVideoProvider({ videoKey, knownRooms: () => store.state.calls.map((c) => c.room_id) });
  const handleControl = createControlRoutes(controls, store, messages);

  async function handle(req, res) {
    const pathname = pathOf(req);
    if (pathname === null) throw new HttpError(400, 'Unreadable request path');
    if (pathname.startsWith('/sim/')) {
      if (!isLocalControl(req, host)) throw new HttpError(403, 'The control routes answer the console and local tools only');
      return handleControl(req, res, pathname.slice('/sim/'.length));
    }
    // The kiosk's routes, called from the kiosk's own origin.
    setCors(res);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (pathname.startsWith('/api/')) return handleApi(req, res, pathname.slice('/api/'.length));
    if (pathname.startsWith('/video-provider/')) return handleVideo(req, res, pathname.slice('/video-provider'.length));
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

  /** Which socket server takes an upgrade, or the status that refuses it (the daemon's own port takes only its socket). */
  function upgradeTarget(req, pathname, hardwareOnly) {
    if (!isLocalPage(req, host)) return '403 Forbidden';
    if (pathname === '/hardware') return hardware.accepting() ? hardware.wss : '503 Service Unavailable';
    if (pathname === '/telnyx-rtc' && !hardwareOnly) return telnyxRtc.wss;
    if (pathname === '/telnyx-rtc/far-end' && !hardwareOnly) return telnyxRtc.farWss;
    if (pathname === '/twilio-voice' && !hardwareOnly) return twilioVoice.wss;
    if (pathname === '/twilio-voice/far-end' && !hardwareOnly) return twilioVoice.farWss;
    if (telnyxVideoRoom(pathname) !== null && !hardwareOnly) return telnyxVideo.wss;
    if (janusProxyRoom(pathname) !== null && !hardwareOnly) return janusProxy?.wss ?? '404 Not Found';
    return '404 Not Found';
  }

  /** @param {http.IncomingMessage} req @param {import('node:stream').Duplex} socket @param {Buffer} head @param {boolean} hardwareOnly */
  function handleUpgrade(req, socket, head, hardwareOnly) {
    socket.on('error', () => socket.destroy());
    try {
      const pathname = pathOf(req);
      const target = pathname === null ? '400 Bad Request' : upgradeTarget(req, pathname, hardwareOnly);
      if (typeof target === 'string') {
        socket.end(`HTTP/1.1 ${target}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        return;
      }
      target.handleUpgrade(req, socket, head, (ws) => target.emit('connection', ws, req));
    } catch (err) {
      // Whatever a client sends, the simulator stays up for the next one.
      console.error('[simulator] upgrade failed:', err);
      socket.destroy();
    }
  }

  // The daemon's own port answers only its socket's upgrade.
  const hardwareServer = hardwarePort === undefined ? null : http.createServer((_req, res) => void res.writeHead(404).end());
  const servers = hardwareServer ? [server, hardwareServer] : [server];
  server.on('upgrade', (req, socket, head) => handleUpgrade(req, socket, head, false));
  hardwareServer?.on('upgrade', (req, socket, head) => handleUpgrade(req, socket, head, true));
  hardwareServer?.on('clientError', (_err, socket) => socket.destroy());
  let actualPort;
  let actualHardwarePort;
  try {
    await pusher.ready();
    actualPort = await listen(server, port, host);
    actualHardwarePort = hardwareServer ? await listen(hardwareServer, hardwarePort, host) : actualPort;
  } catch (err) {
    // Nothing of a simulator that did not start stays behind.
    await pusher.close();
    if (!shared) await soketi.close();
    for (const each of servers) each.close();
    throw err;
  }

  async function close() {
    faults.close();
    telnyxRtc.close();
    twilioVoice.close();
    telnyxVideo.close();
    janusProxy?.close();
    for (const ws of hardware.wss.clients) ws.terminate();
    hardware.wss.close();
    await pusher.close();
    if (!shared) await soketi.close();
    const closed = servers.map((each) => new Promise((resolve) => each.close(() => resolve(undefined))));
    // Console event streams never end on their own.
    for (const each of servers) each.closeAllConnections();
    await Promise.all(closed);
  }

  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    /** The hardware socket's address: on the simulator's port, or on `hardwarePort`. */
    hardwareUrl: `ws://${host}:${actualHardwarePort}/hardware`,
    /** soketi's WebSocket origin: Pusher clients connect to `${pusherUrl}/app/{key}`. */
    pusherUrl: `ws://${host}:${soketi.port}`,
    state: store.state,
    channelName: store.channelName,
    /** The Telnyx WebRTC twin: what its clients sent, how many are connected, whether it answers `login`. */
    telnyxRtc: { received: telnyxRtc.received, clientCount: telnyxRtc.clientCount, answerLogin: telnyxRtc.answerLogin },
    /** The Twilio Voice twin: what its clients sent, how many are connected, whether it answers `listen` and invites. */
    twilioVoice: {
      received: twilioVoice.received,
      clientCount: twilioVoice.clientCount,
      answerListen: twilioVoice.answerListen,
      answerInvite: twilioVoice.answerInvite,
    },
    /** The Telnyx Video twin, a gateway that never answers: what the SDK sent, how many of its sockets are open. */
    telnyxVideo: { received: telnyxVideo.received, clientCount: telnyxVideo.clientCount },
    /** The proxy in front of Janus (with `janus`): what the SDKs sent through it, how many of their sockets are open. */
    janusProxy: { received: () => janusProxy?.received() ?? [], clientCount: () => janusProxy?.clientCount() ?? 0 },
    close,
    ...controls,
  };
}
