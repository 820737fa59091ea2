// The back end's side of the property's Pusher channel, on soketi: server
// events through its HTTP API, subscription counts read from that API, and
// the client events members send, heard by the back end's own member of the
// channel (signed with the app secret like any other) and recorded.
import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { createPusherRest } from './pusherRest.mjs';

/** How often the subscription counts are read: tests wait for the kiosk's subscription on them. */
const POLL_MS = 100;
/** Joining takes milliseconds; seconds on a loaded machine with two cores. */
const READY_TIMEOUT_MS = 15_000;
/** soketi closes a connection that has had nothing from it for 120 s. */
const PING_MS = 30_000;

/** @param {unknown} data @returns {unknown} a JSON-encoded string decoded, anything else as it is */
function decoded(data) {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * @param {{ soketi: import('./soketi.mjs').Soketi, channelName: () => string,
 *   record: (list: string, fields: object) => void, changed: () => void }} options
 */
export function createChannel({ soketi, channelName, record, changed }) {
  const { key, secret } = soketi;
  const rest = createPusherRest(soketi);
  /** Subscribers per channel, the back end's own member left out. @type {Record<string, number>} */
  let counts = {};
  /** Bumped whenever the member's subscription changes: a count read before it is stale. */
  let generation = 0;
  /** @type {{ ws: WebSocket, socketId: string, channel: string | null, pending: string | null } | null} */
  let member = null;
  /** Server events go out in the order they were triggered. */
  let sending = Promise.resolve();
  let closed = false;

  /** The auth value Pusher expects for a private channel: key and HMAC-SHA256 of `socket_id:channel`. */
  const sign = (socketId, channel) => `${key}:${createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')}`;

  function setCounts(next) {
    if (JSON.stringify(next) === JSON.stringify(counts)) return;
    counts = next;
    changed();
  }

  /** @param {NonNullable<typeof member>} self @param {string} channel */
  function subscribe(self, channel) {
    if (self.channel) self.ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: self.channel } }));
    self.channel = null;
    self.pending = channel;
    generation += 1;
    self.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: sign(self.socketId, channel) } }));
  }

  /** @param {NonNullable<typeof member>} self @param {{ event: string, channel?: string, data?: unknown }} frame */
  function onFrame(self, frame) {
    if (frame.event === 'pusher:connection_established') {
      self.socketId = /** @type {{ socket_id: string }} */ (decoded(frame.data)).socket_id;
      return subscribe(self, channelName());
    }
    if (frame.event === 'pusher_internal:subscription_succeeded' && frame.channel === self.pending) {
      self.channel = frame.channel;
      self.pending = null;
      generation += 1;
      return;
    }
    if (!frame.event.startsWith('client-') || !frame.channel) return;
    // Every member but the sender got it.
    const delivered = Math.max(0, (counts[frame.channel] ?? 1) - 1);
    record('channelEvents', { source: 'client', channel: frame.channel, event: frame.event, data: decoded(frame.data), delivered });
  }

  /** Connects the back end's member; it subscribes once soketi gives it a socket id. */
  function connect() {
    const ws = new WebSocket(`ws://${soketi.host}:${soketi.port}/app/${key}?protocol=7&client=simulator&version=1`);
    const self = { ws, socketId: '', channel: /** @type {string | null} */ (null), pending: /** @type {string | null} */ (null) };
    member = self;
    const ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ event: 'pusher:ping', data: {} })), PING_MS);
    ws.on('message', (raw) => onFrame(self, JSON.parse(raw.toString('utf8'))));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      clearInterval(ping);
      if (member !== self) return;
      member = null;
      generation += 1;
      // soketi went away (killed, or crashed): the member comes back with it.
      if (!closed && soketi.running()) setTimeout(() => !closed && member === null && soketi.running() && connect(), POLL_MS);
    });
  }

  /**
   * Reads the counts, less the back end's member; keeps the last ones while
   * the member is subscribing, when soketi may or may not count it yet.
   */
  async function poll() {
    if (!soketi.running()) return setCounts({});
    const self = member;
    if (self?.socketId && self.pending === null && self.channel !== channelName()) subscribe(self, channelName());
    if (self?.pending) return;
    const asked = generation;
    const own = self?.channel;
    const read = await rest.subscriptionCounts().catch(() => null);
    if (read === null || asked !== generation || closed) return;
    if (own && read[own]) read[own] -= 1;
    setCounts(Object.fromEntries(Object.entries(read).filter(([, count]) => count > 0)));
  }

  let polling = false;
  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    void poll().finally(() => (polling = false));
  }, POLL_MS);

  connect();

  return {
    key,
    /** soketi's port, on the simulator's host. */
    port: soketi.port,
    sign,
    /** Resolves once the back end's member is on the property's channel and the counts are read. */
    async ready() {
      const deadline = Date.now() + READY_TIMEOUT_MS;
      while (!closed && member?.channel !== channelName()) {
        if (Date.now() > deadline) throw new Error(`The back end's member did not get onto ${channelName()} on soketi`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await poll();
    },
    /** False while soketi is down (between `stop` and `start`). */
    running: () => soketi.running(),
    /** Pusher goes down: soketi's process is killed, every connection drops and its subscriptions are gone. */
    async stop() {
      generation += 1;
      setCounts({});
      await soketi.kill();
      changed();
    },
    /** Pusher is back: soketi starts again on its port, and the back end's member joins again. */
    async start() {
      await soketi.start();
      if (member === null && !closed) connect();
      changed();
    },
    /**
     * Server event to every subscriber of `channel` through soketi's HTTP API;
     * returns how many were subscribed when it was sent (the back end's member left out).
     */
    trigger(channel, event, data) {
      const delivered = soketi.running() ? (counts[channel] ?? 0) : 0;
      record('channelEvents', { source: 'server', channel, event, data, delivered });
      sending = sending
        // The back end's own member does not hear it: what it hears are client events.
        .then(() => (soketi.running() ? rest.trigger(channel, event, data, member?.socketId || undefined) : undefined))
        .catch((err) => console.error('[simulator] server event not sent:', err.message));
      return delivered;
    },
    /** Subscriber count per channel, for the console and for tests that wait for the kiosk. */
    subscriptions: () => ({ ...counts }),
    /** Leaves the channel and stops reading counts (soketi itself is the caller's). */
    async close() {
      closed = true;
      clearInterval(timer);
      await sending;
      const ws = member?.ws;
      member = null;
      if (ws && ws.readyState !== WebSocket.CLOSED) ws.terminate();
    },
  };
}
