// Stands in for Telnyx's own proxy in front of Janus, the two things
// `@telnyx/video` needs of it that stock Janus lacks (docs/calls.md, "The room
// leg against Janus"):
// - the join token: every request carries it as `client_token`, and one that
//   was not issued for the socket's room is refused with the proxy's
//   `{ status_code: 401, error_message }` and goes no further;
// - `janus_room_id`: the textroom `setup` answer (the event with the data
//   channel's offer) names the room the SDK then joins on the data channel;
//   without it Janus answers "Missing mandatory element (room)".
// Before a session is opened the room is made in Janus (`ensureRoom`), as the
// vendor's REST API has made it by then. Every other frame passes unchanged,
// both ways, one Janus socket per SDK socket.
import WebSocket, { WebSocketServer } from 'ws';
import { isRecord, parseFrame, sdkServer } from './twinSockets.mjs';
import { joinTokenRoom } from './video.mjs';

const PATH = /^\/telnyx-janus\/([^/]+)\/janus$/;
const MAX_FRAME = 1024 * 1024;
const MAX_LOG = 500;

/** The room of a proxied socket's path, or null when the path is not the proxy's. */
export const janusProxyRoom = (pathname) => PATH.exec(pathname)?.[1] ?? null;

/** The textroom's answer to `setup`: the one event that carries the data channel's offer. */
const isTextroomSetup = (message) =>
  message.janus === 'event' &&
  message.plugindata?.plugin === 'janus.plugin.textroom' &&
  message.plugindata.data?.textroom === 'event' &&
  message.jsep?.type === 'offer';

/**
 * @param {{ janusUrl: string, ensureRoom: (room: string) => Promise<void> }} options
 */
export function createJanusProxy({ janusUrl, ensureRoom }) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME,
    handleProtocols: (protocols) => (protocols.has('janus-protocol') ? 'janus-protocol' : false),
  });
  /** What the SDKs sent (`{ socket, janus, request, ptype }`, socket numbered from 1; the newest 500), for tests. */
  const received = [];
  let sockets = 0;

  wss.on('connection', (client, req) => {
    const room = janusProxyRoom(new URL(req.url ?? '/', 'http://proxy').pathname);
    const socket = (sockets += 1);
    const janus = new WebSocket(janusUrl, 'janus-protocol', { maxPayload: MAX_FRAME });
    const early = [];
    // Frames go on in the order they came, a `create` waiting for its room.
    let queue = Promise.resolve();

    const toJanus = (text) => (janus.readyState === WebSocket.OPEN ? janus.send(text) : early.push(text));
    const toClient = (text) => client.readyState === WebSocket.OPEN && client.send(text);

    async function fromClient(text) {
      const message = parseFrame(text);
      if (!isRecord(message)) return;
      received.push({ socket, janus: message.janus, request: message.body?.request, ptype: message.body?.ptype });
      if (received.length > MAX_LOG) received.shift();
      if (joinTokenRoom(message.client_token) !== room) return toClient(JSON.stringify({ status_code: 401, error_message: 'Invalid client token' }));
      if (message.janus === 'create') await ensureRoom(room);
      toJanus(text);
    }

    client.on('message', (raw) => {
      const text = String(raw);
      queue = queue.then(() => fromClient(text)).catch((error) => {
        console.error(`[janus-proxy] ${room}: ${error}`);
        client.close(1011);
      });
    });
    janus.on('open', () => early.splice(0).forEach((text) => janus.send(text)));
    janus.on('message', (raw) => {
      const message = parseFrame(raw);
      if (!isRecord(message) || !isTextroomSetup(message)) return void toClient(String(raw));
      message.plugindata.data.janus_room_id = room;
      toClient(JSON.stringify(message));
    });
    // Either side closing closes the other.
    client.on('close', () => janus.close());
    janus.on('close', () => client.close());
    client.on('error', () => client.terminate());
    // Closing a socket still connecting errors too: only a live client's Janus failing is news.
    janus.on('error', (error) => {
      if (client.readyState !== WebSocket.OPEN) return;
      console.error(`[janus-proxy] Janus socket: ${error.message}`);
      client.close(1011);
    });
  });

  return sdkServer(wss, received);
}
