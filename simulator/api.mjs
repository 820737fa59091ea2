// The kiosk's back end: the HTTP API of docs/rules.md#r7-1-2 under /api/.
import { createHash } from 'node:crypto';
import { isFrozenWhole } from './seed.mjs';
import { HttpError, bearerToken, isPlainObject, readBody, readObject, sendJson, sendJsonText } from './http-util.mjs';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** @param {unknown} item */
const isAccessRequest = (item) =>
  isPlainObject(item) &&
  typeof item.user_code === 'string' &&
  typeof item.access_granted === 'boolean' &&
  typeof item.created_at === 'string' &&
  ISO_TIME.test(item.created_at) &&
  !Number.isNaN(Date.parse(item.created_at));

/** Answers made from properties that cannot change (seed.mjs, frozenWhole). */
const madeAnswers = new WeakMap();

/**
 * The property answer's bytes, and its ETag (a hash of them) when asked for.
 * Made once for a property frozen whole, such as a large seed: at 50,000
 * residents that is 16 MB of JSON and its hash, and making them at every
 * poll loaded the machine the kiosk was measured on. Any other property may
 * have been changed in place, so it is read anew each time.
 * @param {object} property
 */
function propertyAnswer(property) {
  const made = madeAnswers.get(property);
  if (made) return made;
  const body = Buffer.from(JSON.stringify(property));
  let etag = null;
  const answer = { body, etag: () => (etag ??= `"${createHash('sha256').update(body).digest('base64url')}"`) };
  if (isFrozenWhole(property)) madeAnswers.set(property, answer);
  return answer;
}

/** Opaque to the kiosk, like the provider's tokens, but readable when debugging. */
const roomToken = (room) => Buffer.from(JSON.stringify({ kind: 'join', room, minted: 'back-end' })).toString('base64url');

/**
 * Signs a subscription to the property's private channel, and to no other
 * (the kiosk's `pusher/auth` and the console's `/sim/pusher-auth`).
 * @param {{ store: ReturnType<typeof import('./store.mjs').createStore>,
 *   pusher: ReturnType<typeof import('./channel.mjs').createChannel> }} deps
 * @param {unknown} body `{ socket_id, channel_name }`, as pusher-js sends it
 */
export function authorizePropertyChannel({ store, pusher }, body) {
  const socketId = isPlainObject(body) ? body.socket_id : undefined;
  const channel = isPlainObject(body) ? body.channel_name : undefined;
  if (typeof socketId !== 'string' || typeof channel !== 'string') {
    throw new HttpError(400, '`socket_id` and `channel_name` are required');
  }
  if (channel !== store.channelName()) throw new HttpError(403, `Not allowed on ${channel}`);
  return { auth: pusher.sign(socketId, channel) };
}

/**
 * @param {{ token: string, store: ReturnType<typeof import('./store.mjs').createStore>,
 *   pusher: ReturnType<typeof import('./channel.mjs').createChannel>,
 *   faults: ReturnType<typeof import('./faults.mjs').createFaults>,
 *   telnyxRtc: ReturnType<typeof import('./telnyxRtc.mjs').createTelnyxRtcServer>,
 *   messages: ReturnType<typeof import('./messages.mjs').createMessages> }} deps
 */
export function createApi({ token, store, pusher, faults, telnyxRtc, messages }) {
  const { state } = store;
  let callCount = 0;

  /**
   * Records each new (user_code, access_granted, created_at) once, comparing
   * the time as an instant (the idempotency key, docs/access-requests.md), and
   * echoes the accepted items as a back end without casts serializes them:
   * the outcome as 1/0 and the time with microseconds
   * (2026-11-21T10:00:00.123000Z). With `accessRequestTimes: 'seconds'` it
   * keeps whole seconds, cut, as a SQL DATETIME does, and echoes them so
   * (2026-11-21 10:00:00): two items of one code and outcome in one second
   * are one record to it.
   */
  function accessRequests(body) {
    if (!Array.isArray(body.requests)) throw new HttpError(400, '`requests` must be a list');
    const seconds = state.accessRequestTimes === 'seconds';
    const accepted = [];
    for (const item of body.requests.filter(isAccessRequest)) {
      const instant = seconds ? Math.floor(Date.parse(item.created_at) / 1000) * 1000 : Date.parse(item.created_at);
      const iso = new Date(instant).toISOString();
      const fields = { user_code: item.user_code, access_granted: item.access_granted, created_at: seconds ? iso.replace(/\.\d{3}Z$/, 'Z') : item.created_at };
      // The kiosk may resend a batch after a reload mid-send: echo it, record it once.
      const known = state.accessRequests.some(
        (r) => r.user_code === fields.user_code && r.access_granted === fields.access_granted && Date.parse(r.created_at) === instant,
      );
      // A refused pass says why (docs/answers.md, "Passes"): kept with the record, not part of its identity.
      if (!known) store.record('accessRequests', typeof item.reason === 'string' ? { ...fields, reason: item.reason } : fields);
      accepted.push({
        user_code: fields.user_code,
        access_granted: fields.access_granted ? 1 : 0,
        created_at: seconds ? iso.slice(0, 19).replace('T', ' ') : iso.replace(/Z$/, '000Z'),
      });
    }
    return accepted;
  }

  function createCall(body) {
    const { resident_id: residentId = null, image_data: image, telnyx_enabled: telnyx, reason } = body;
    // "test" is the kiosk's test call (SPACE on home), to nobody in the directory.
    const known = residentId === null || residentId === 'test' || state.property.residents.some((r) => String(r.id) === String(residentId));
    if (!known) {
      throw new HttpError(422, `Unknown resident_id ${JSON.stringify(residentId)}`);
    }
    if (typeof image !== 'string' || !image.startsWith('data:')) throw new HttpError(400, '`image_data` must be a data URL');
    callCount += 1;
    const call = {
      id: `call-${callCount}`,
      token: { iceServers: state.iceServers },
      room_id: `room-${callCount}`,
      // docs/rules.md#r3-3-1: resident_id is absent for manager calls.
      ...(residentId === null ? {} : { resident_id: residentId }),
      sip_username: `sim-kiosk-${callCount}`,
      sip_password: `sim-secret-${callCount}`,
      // The back end's own join token, so the kiosk needs no video provider key.
      ...(state.roomTokens ? { room_token: roomToken(`room-${callCount}`) } : {}),
    };
    // `reason` is optional ("delivery"): recorded as sent, so the console (the resident's side) can say so.
    store.record('calls', { ...call, image_data: image, telnyx_enabled: telnyx === true, ...(reason === undefined ? {} : { reason }) });
    return call;
  }

  /**
   * The property data; with `state.propertyETag` on, tagged with an ETag (a
   * hash of the answer), and a request whose If-None-Match names the current
   * tag gets 304 with no body, as an HTTP server with ETags answers.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
   */
  function sendProperty(req, res) {
    const answer = propertyAnswer(state.property);
    if (!state.propertyETag) return sendJsonText(res, 200, answer.body);
    const etag = answer.etag();
    const asked = (req.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (asked.includes(etag)) return void res.writeHead(304, { ETag: etag }).end();
    sendJsonText(res, 200, answer.body, { ETag: etag });
  }

  /** @type {Record<string, (req: import('node:http').IncomingMessage) => Promise<unknown>>} */
  const routes = {
    'GET feature-flags': async () => state.featureFlags,
    'GET telephone-entry/property': async () => state.property,
    'POST telephone-entry/access-requests': async (req) => accessRequests(await readObject(req)),
    'POST telephone-entry/checkin': async (req) => {
      await readBody(req); // the kiosk sends none; read it anyway to free the socket
      store.record('checkins', {});
      return { ok: true };
    },
    'POST telephone-entry/logs': async (req) => {
      const { message, meta, timestamp } = await readObject(req);
      store.record('logs', { message, meta, timestamp });
      return { ok: true };
    },
    'POST telephone-entry/calls': async (req) => createCall(await readObject(req)),
    'POST telephone-entry/pusher/auth': async (req) => authorizePropertyChannel({ store, pusher }, await readBody(req, { acceptForm: true })),
    'POST telephone-entry/sip-call': async (req) => {
      const { intercomCallId, pusherChannelName, tenantId, to, username } = await readObject(req);
      store.record('sipCalls', { intercomCallId, pusherChannelName, tenantId, to, username });
      // The real back end now dials the kiosk's SIP user: the channel twin
      // hears the ring, the Telnyx WebRTC twin asks its far end for an offer.
      const user = typeof username === 'string' ? /^sip:([^@]+)@/.exec(username)?.[1] : undefined;
      if (user) {
        pusher.trigger(store.channelName(), 'sim-sip', { username: user, state: 'ringing' });
        if (typeof intercomCallId === 'string') telnyxRtc.dial({ username: user, intercomCallId, to });
      }
      return { ok: true };
    },
  };

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} path the part after /api/
   */
  return async function handleApi(req, res, path) {
    // Offline plays a dead network, so it wins even over a missing token.
    if (state.offline) throw new HttpError(503, 'The simulator is offline (switch it back on in the console)');
    if (bearerToken(req) !== token) throw new HttpError(401, 'Missing or wrong bearer token');
    const messageCall = req.method === 'POST' ? messages.callIdOf(path) : null;
    if (messageCall !== null) {
      const { status, answer } = await messages.receive(req, messageCall);
      return sendJson(res, status, answer);
    }
    const route = routes[`${req.method} ${path}`];
    if (!route) throw new HttpError(404, `No route ${req.method} /api/${path}`);
    const fault = faults.take(path);
    if (fault) return faults.play(fault, req, res, () => route(req));
    if (path === 'telephone-entry/property') return sendProperty(req, res);
    sendJson(res, 200, await route(req));
  };
}
