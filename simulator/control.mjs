// The control surface used by the console and by end-to-end tests: the same
// actions as JS methods (in-process tests) and as /sim/ HTTP routes.
import { authorizePropertyChannel } from './api.mjs';
import { HttpError, isPlainObject, readBody, readObject, sendJson } from './http-util.mjs';
import { createPassControls, passRoutes } from './passControls.mjs';
import { frozenWhole, largeSeed, MAX_RESIDENTS } from './seed.mjs';

/**
 * What the far end of a call can do, as the channel event that does it
 * (docs/calls.md): the phone leg (both voice twins), the video room twin and
 * the resident's app ending the call.
 * @type {Record<string, (call: { id: string, room_id: string, sip_username: string, telnyx_enabled: boolean }) => [string, object]>}
 */
const CALL_ACTIONS = {
  'phone-connected': (call) => ['sip-message', { data: { room: call.id, connected: true } }],
  'phone-open': (call) => ['sip-message', { data: { room: call.id, open: true } }],
  'phone-hang-up': (call) =>
    call.telnyx_enabled
      ? ['sim-sip', { username: call.sip_username, state: 'destroy' }]
      : ['sim-voice', { call_id: call.id, action: 'disconnect' }],
  'room-answered': (call) => ['sim-room', { room_id: call.room_id, message: 'answered' }],
  'room-open-gate': (call) => ['sim-room', { room_id: call.room_id, message: 'open_gate' }],
  'room-decline': (call) => ['sim-room', { room_id: call.room_id, message: 'decline' }],
  deny: (call) => ['client-deny', { call_id: call.id, open_gate: false }],
  'open-gate': (call) => ['client-deny', { call_id: call.id, open_gate: true }],
};

/**
 * @param {{ store: ReturnType<typeof import('./store.mjs').createStore>,
 *   pusher: ReturnType<typeof import('./channel.mjs').createChannel>,
 *   hardware: ReturnType<typeof import('./hardware.mjs').createHardwareServer>,
 *   faults: ReturnType<typeof import('./faults.mjs').createFaults>,
 *   messages?: ReturnType<typeof import('./messages.mjs').createMessages> }} deps
 */
export function createControls({ store, pusher, hardware, faults, messages }) {
  const { state } = store;
  const channelEvent = (event, data = {}) => pusher.trigger(store.channelName(), event, data);

  return {
    passes: createPassControls(store, () => channelEvent('property-updated')),
    /** Everything /sim/state shows; records carry `at` (ISO time). `pusherKey` and `pusherPort` (soketi's) let the console subscribe. */
    snapshot: () => ({
      ...state,
      channel: store.channelName(),
      pusherKey: pusher.key,
      pusherPort: pusher.port,
      connections: { hardware: hardware.clientCount(), channels: pusher.subscriptions() },
      faults: faults.list(),
      pusherRunning: pusher.running(),
      hardwareRefusedUntil: hardware.refusedUntil(),
    }),
    /** A card or code read at the panel; returns how many kiosks got it. */
    facility: (code) => hardware.facility(code),
    refresh: () => hardware.refresh(),
    /** Server event on the property's private channel; returns how many subscribers got it. */
    channelEvent,
    trigger: (channel, event, data) => pusher.trigger(channel, event, data),
    propertyUpdated: () => channelEvent('property-updated'),
    /**
     * The far end acts on a call (the latest unless `callId` names another);
     * `action` is a key of CALL_ACTIONS. Returns how many subscribers got it.
     * @param {string} action @param {string} [callId]
     */
    callAction(action, callId) {
      const toEvent = Object.hasOwn(CALL_ACTIONS, action) ? CALL_ACTIONS[action] : undefined;
      if (!toEvent) throw new HttpError(400, `\`action\` must be one of ${Object.keys(CALL_ACTIONS).join(', ')}`);
      const call = callId === undefined ? state.calls.at(-1) : state.calls.find((c) => c.id === callId);
      if (!call) throw new HttpError(404, callId === undefined ? 'No call yet' : `No call ${callId}`);
      return channelEvent(...toEvent(call));
    },
    /** Signs the console's own subscription to the property channel. */
    pusherAuth: (body) => authorizePropertyChannel({ store, pusher }, body),
    /**
     * Merges into the property meta, the device flags and the feature flags,
     * then tells the kiosk to reload like the real back end would.
     * @param {{ property?: object, device?: object, featureFlags?: object }} patch
     */
    patchProperty(patch) {
      for (const part of ['property', 'device', 'featureFlags']) {
        if (patch[part] !== undefined && !isPlainObject(patch[part])) throw new HttpError(400, `\`${part}\` must be an object`);
      }
      // New objects, not changes to the served ones: a seeded property is frozen (seedResidents).
      const patched = (target, part) => (patch[part] === undefined ? target : { ...target, ...patch[part] });
      state.property = { ...state.property, property: patched(state.property.property, 'property'), device: patched(state.property.device, 'device') };
      state.featureFlags = patched(state.featureFlags, 'featureFlags');
      store.changed();
      return channelEvent('property-updated');
    },
    /** @param {boolean} enabled whether POST calls answers with a `room_token` */
    setRoomTokens(enabled) {
      state.roomTokens = enabled;
      store.changed();
    },
    /** @param {RTCIceServer[]} servers what `POST calls` answers in `token.iceServers` from now on */
    setIceServers(servers) {
      if (!Array.isArray(servers) || !servers.every(isPlainObject)) throw new HttpError(400, '`iceServers` must be a list of objects');
      state.iceServers = servers;
      store.changed();
    },
    /**
     * Serves the seed grown to `count` residents (seed.mjs, largeSeed), then
     * tells the kiosk to reload; the meta, device and feature flags are the seed's.
     * @param {number} count 0 to MAX_RESIDENTS
     */
    seedResidents(count) {
      if (!Number.isInteger(count) || count < 0 || count > MAX_RESIDENTS) {
        throw new HttpError(400, `\`residents\` must be a whole number from 0 to ${MAX_RESIDENTS}`);
      }
      // Frozen whole: it is served unchanged until replaced, so its answer is made once (api.mjs).
      const { pass_keys, revoked_passes } = state.property;
      state.property = frozenWhole({ ...largeSeed(count), pass_keys, revoked_passes });
      store.changed();
      return channelEvent('property-updated');
    },
    /** @param {boolean} on whether the property answer carries an ETag and answers a matching If-None-Match with 304 */
    setPropertyETag(on) {
      state.propertyETag = on;
      store.changed();
    },
    /** @param {boolean} offline while true every /api/ route answers 503 */
    setOffline(offline) {
      state.offline = offline;
      store.changed();
    },
    reset: () => {
      messages?.forget();
      store.reset();
    },
    /** Serves the message endpoint, or plays a back end without it (404). @param {boolean} enabled */
    setMessagesEndpoint(enabled) {
      state.messagesEndpoint = enabled;
      store.changed();
    },
    /**
     * Plays `fault` (faults.mjs) on the next `count` requests to `endpoint`
     * (the path after /api/, or `*`); every request when `count` is omitted.
     * @param {string} endpoint @param {string} fault @param {number} [count]
     */
    setFault: (endpoint, fault, count) => faults.set(endpoint, fault, count),
    /** @param {string} [endpoint] one endpoint's fault, or all of them */
    clearFaults: (endpoint) => faults.clear(endpoint),
    /**
     * The Pusher server goes down (soketi killed: connections cut, new ones
     * refused) or comes back (started again); resolves once it has.
     */
    stopPusher: () => pusher.stop().catch((err) => console.error('[simulator] soketi did not stop:', err)),
    startPusher: () => pusher.start().catch((err) => console.error('[simulator] soketi did not start:', err)),
    /** The hardware daemon drops its connections (the kiosk reconnects at once). */
    closeHardwareSocket: () => hardware.close(),
    /** @param {number} ms the daemon drops its connections and refuses new ones this long (Infinity: until accepted) */
    refuseHardwareSocket: (ms) => hardware.refuse(ms),
    acceptHardwareSocket: () => hardware.accept(),
  };
}

/**
 * Streams store changes as Server-Sent Events until the client goes away.
 * @param {import('node:http').ServerResponse} res
 */
function streamEvents(store, res) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  res.write(': connected\n\n');
  const unsubscribe = store.subscribe((change) => res.write(`data: ${JSON.stringify(change)}\n\n`));
  res.on('close', unsubscribe);
}

/** @param {unknown} code */
const isCardCode = (code) => (typeof code === 'string' && /^\d+$/.test(code)) || Number.isInteger(code);

/**
 * @param {ReturnType<typeof createControls>} controls
 * @param {ReturnType<typeof import('./store.mjs').createStore>} store
 * @param {ReturnType<typeof import('./messages.mjs').createMessages>} [messages]
 */
export function createControlRoutes(controls, store, messages) {
  /** @type {Record<string, (req: import('node:http').IncomingMessage) => Promise<unknown>>} */
  const routes = {
    'GET state': async () => controls.snapshot(),
    ...passRoutes(controls.passes, store.state),
    'POST facility': async (req) => {
      const { code } = await readObject(req);
      if (!isCardCode(code)) throw new HttpError(400, '`code` must be digits');
      return { sent: controls.facility(code) };
    },
    'POST refresh': async () => ({ sent: controls.refresh() }),
    'POST property-updated': async () => ({ delivered: controls.propertyUpdated() }),
    'PATCH property': async (req) => ({ delivered: controls.patchProperty(await readObject(req)) }),
    'POST seed': async (req) => {
      const { residents } = await readObject(req);
      return { delivered: controls.seedResidents(residents) };
    },
    'POST property-etag': async (req) => {
      const { etag } = await readObject(req);
      if (typeof etag !== 'boolean') throw new HttpError(400, '`etag` must be a boolean');
      controls.setPropertyETag(etag);
      return { etag };
    },
    'POST offline': async (req) => {
      const { offline } = await readObject(req);
      if (typeof offline !== 'boolean') throw new HttpError(400, '`offline` must be a boolean');
      controls.setOffline(offline);
      return { offline };
    },
    'POST room-tokens': async (req) => {
      const { enabled } = await readObject(req);
      if (typeof enabled !== 'boolean') throw new HttpError(400, '`enabled` must be a boolean');
      controls.setRoomTokens(enabled);
      return { enabled };
    },
    'POST messages-endpoint': async (req) => {
      const { enabled } = await readObject(req);
      if (typeof enabled !== 'boolean') throw new HttpError(400, '`enabled` must be a boolean');
      controls.setMessagesEndpoint(enabled);
      return { enabled };
    },
    'POST ice-servers': async (req) => {
      const { iceServers } = await readObject(req);
      controls.setIceServers(iceServers);
      return { iceServers };
    },
    'POST channel-event': async (req) => {
      const { event, data } = await readObject(req);
      if (typeof event !== 'string' || event === '') throw new HttpError(400, '`event` must be a name');
      return { delivered: controls.channelEvent(event, data ?? {}) };
    },
    'POST call-action': async (req) => {
      const { action, call_id: callId } = await readObject(req);
      if (callId !== undefined && typeof callId !== 'string') throw new HttpError(400, '`call_id` must be a string');
      return { delivered: controls.callAction(action, callId) };
    },
    'POST pusher-auth': async (req) => controls.pusherAuth(await readBody(req, { acceptForm: true })),
    'POST reset': async () => {
      controls.reset();
      return { ok: true };
    },
    'POST fault': async (req) => {
      const { endpoint, fault, count } = await readObject(req);
      if (fault === null || fault === undefined) controls.clearFaults(endpoint);
      else controls.setFault(endpoint, fault, count ?? undefined);
      return { faults: controls.snapshot().faults };
    },
    'POST pusher': async (req) => {
      const { running } = await readObject(req);
      if (typeof running !== 'boolean') throw new HttpError(400, '`running` must be a boolean');
      await (running ? controls.startPusher() : controls.stopPusher());
      return { running };
    },
    'POST hardware-socket': async (req) => {
      const { action, seconds } = await readObject(req);
      if (action === 'close') controls.closeHardwareSocket();
      else if (action === 'accept') controls.acceptHardwareSocket();
      else if (action === 'refuse' && (seconds === undefined || (typeof seconds === 'number' && seconds > 0))) {
        controls.refuseHardwareSocket(seconds === undefined ? Infinity : seconds * 1000);
      } else throw new HttpError(400, '`action` must be close, refuse (with `seconds` > 0, or none for until accept) or accept');
      return { refusedUntil: controls.snapshot().hardwareRefusedUntil };
    },
  };

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} path the part after /sim/
   */
  return async function handleControl(req, res, path) {
    if (req.method === 'GET' && path === 'events') return streamEvents(store, res);
    if (req.method === 'GET' && messages?.servePart(res, path)) return;
    const route = routes[`${req.method} ${path}`];
    if (!route) throw new HttpError(404, `No route ${req.method} /sim/${path}`);
    sendJson(res, 200, await route(req));
  };
}
