// A Pusher protocol 7 server, enough for pusher-js: connection, public and
// private channels with signed auth, ping/pong and client events.
import { createHmac } from 'node:crypto';
import { WebSocketServer } from 'ws';

const MAX_FRAME_BYTES = 100 * 1024;
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/** @param {string} text @returns {string | null} null when it is not valid percent-encoding */
function decodedOrNull(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * @param {{ key: string, secret: string,
 *   record: (list: string, fields: object) => void, changed: () => void }} options
 */
export function createPusherServer({ key, secret, record, changed }) {
  // Above the protocol limit, so oversized frames get a pusher:error instead
  // of ws closing the socket on its own.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  /** @type {Map<string, Set<import('ws').WebSocket>>} */
  const channels = new Map();
  let connections = 0;

  /** The auth value Pusher expects for a private channel. */
  const sign = (socketId, channel) =>
    `${key}:${createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')}`;

  /** Pusher puts a JSON-encoded string in `data` on the wire, for every event. */
  const send = (ws, event, data, channel) => {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(JSON.stringify({ event, ...(channel ? { channel } : {}), data: JSON.stringify(data) }));
  };
  const sendError = (ws, message, code = null) => send(ws, 'pusher:error', { code, message });

  /** Sends an event to the channel's subscribers (all but `except`) and records it. */
  function publish(channel, event, data, source, except) {
    const members = [...(channels.get(channel) ?? [])].filter((ws) => ws !== except);
    for (const ws of members) send(ws, event, data, channel);
    record('channelEvents', { source, channel, event, data, delivered: members.length });
    return members.length;
  }

  function leave(ws, channel) {
    const members = channels.get(channel);
    if (!members?.delete(ws)) return;
    if (members.size === 0) channels.delete(channel);
    changed();
  }

  function subscribe(ws, socketId, data) {
    const channel = data?.channel;
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) return sendError(ws, 'Invalid channel name');
    const fail = (error) => send(ws, 'pusher:subscription_error', { type: 'AuthError', error, status: 401 }, channel);
    if (channel.startsWith('presence-')) return fail('Presence channels are not supported by the simulator');
    if (channel.startsWith('private-') && data.auth !== sign(socketId, channel)) {
      return fail(`Invalid signature for ${channel}`);
    }
    if (!channels.has(channel)) channels.set(channel, new Set());
    channels.get(channel).add(ws);
    send(ws, 'pusher_internal:subscription_succeeded', {}, channel);
    changed();
  }

  function clientEvent(ws, message, data) {
    const { channel, event } = message;
    if (typeof channel !== 'string' || !channel.startsWith('private-')) {
      return sendError(ws, 'Client events are only supported on private channels');
    }
    if (!channels.get(channel)?.has(ws)) return sendError(ws, `Not subscribed to ${channel}`);
    publish(channel, event, data, 'client', ws);
  }

  /** Handles one frame; any problem with it is answered, never thrown. */
  function onFrame(ws, socketId, raw) {
    if (raw.length > MAX_FRAME_BYTES) return sendError(ws, 'Frame larger than 100 KB');
    let message;
    try {
      message = JSON.parse(raw.toString('utf8'));
    } catch {
      return sendError(ws, 'Malformed JSON frame');
    }
    if (typeof message?.event !== 'string') return sendError(ws, 'Frame without an event name');
    let data = message.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        // a plain string payload is legal; keep it as it is
      }
    }
    if (message.event === 'pusher:ping') return send(ws, 'pusher:pong', {});
    if (message.event === 'pusher:subscribe') return subscribe(ws, socketId, data);
    if (message.event === 'pusher:unsubscribe') return leave(ws, data?.channel);
    if (message.event.startsWith('client-')) return clientEvent(ws, message, data);
    sendError(ws, `Unsupported event ${message.event}`);
  }

  wss.on('connection', (ws, req) => {
    // A client's broken socket must never take the simulator down.
    ws.on('error', () => ws.terminate());
    const appKey = decodedOrNull(new URL(req.url ?? '/', 'http://local').pathname.slice('/app/'.length));
    if (appKey !== key) {
      sendError(ws, `App key ${appKey ?? '(not percent-decodable)'} not in this cluster`, 4001);
      ws.close(4001, 'Unknown app key');
      return;
    }
    connections += 1;
    const socketId = `${100 + connections}.${(connections * 7919) % 1000000}`;
    send(ws, 'pusher:connection_established', { socket_id: socketId, activity_timeout: 120 });
    ws.on('message', (raw) => onFrame(ws, socketId, /** @type {Buffer} */ (raw)));
    ws.on('close', () => {
      for (const channel of [...channels.keys()]) leave(ws, channel);
    });
  });

  let running = true;

  return {
    wss,
    key,
    sign,
    /** False between `stop` and `start`: new connections are refused. */
    running: () => running,
    /** Plays the Pusher server going down: every connection is cut (no close frame) and its channels are forgotten. */
    stop() {
      running = false;
      for (const ws of wss.clients) ws.terminate();
      channels.clear();
      changed();
    },
    /** The server is back: connections are accepted again. */
    start() {
      running = true;
      changed();
    },
    /** Server event to every subscriber of `channel`; returns how many got it. */
    trigger: (channel, event, data) => publish(channel, event, data, 'server'),
    /** Subscriber count per channel, for the console and for tests that wait for the kiosk. */
    subscriptions: () => Object.fromEntries([...channels].map(([name, members]) => [name, members.size])),
  };
}
