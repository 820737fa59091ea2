// The back end's message endpoint (docs/protocol.md, "Messages"): a recorded
// message for a call, kept once per Idempotency-Key, listed in /sim/state
// (`messages`, without bytes) and played by the console from /sim/messages/.
import { HttpError } from './http-util.mjs';

/** A message's body: more than any the kiosk records (20 s of video at its bitrate is about 3 MB). */
export const MAX_MESSAGE_BYTES = 60 * 1024 * 1024;
/** The bodies kept for the console; older ones are forgotten (their records stay in the list). */
const KEPT_BODIES = 20;
const PATH = /^telephone-entry\/calls\/([^/]+)\/message$/;
const RECORDED_TYPES = /^(video|audio|image)\/[\w.+-]+/;

/** @param {import('node:http').IncomingMessage} req @returns {Promise<Buffer>} */
function readBytes(req) {
  if (Number(req.headers['content-length']) > MAX_MESSAGE_BYTES) {
    req.resume();
    return Promise.reject(new HttpError(413, 'A message larger than 60 MB'));
  }
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
    });
    req.on('end', () => (size > MAX_MESSAGE_BYTES ? reject(new HttpError(413, 'A message larger than 60 MB')) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/**
 * The parts of a message: one (the body, with its Content-Type), or those of
 * a multipart/form-data body, each under its name.
 * @param {string} type @param {Buffer} body @returns {Promise<Array<{ name: string, type: string, bytes: Buffer }>>}
 */
async function partsOf(type, body) {
  if (RECORDED_TYPES.test(type)) return [{ name: 'body', type: type.split(';')[0].trim(), bytes: body }];
  if (!type.startsWith('multipart/form-data')) throw new HttpError(415, 'A message is video, audio or an image, or multipart/form-data of them');
  let form;
  try {
    form = await new Response(body, { headers: { 'Content-Type': type } }).formData();
  } catch {
    throw new HttpError(400, 'Unreadable multipart body');
  }
  const parts = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') continue;
    parts.push({ name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return parts;
}

/**
 * @param {{ store: ReturnType<typeof import('./store.mjs').createStore> }} deps
 */
export function createMessages({ store }) {
  const { state } = store;
  /** @type {Map<string, Array<{ name: string, type: string, bytes: Buffer }>>} the bytes of the newest messages, by the simulator's id */
  const bodies = new Map();
  let count = 0;

  return {
    /** Whether `path` (after /api/) is the message endpoint: its call id, or null. @param {string} path */
    callIdOf: (path) => {
      const match = PATH.exec(path);
      return match ? decodeURIComponent(match[1]) : null;
    },

    /**
     * POST telephone-entry/calls/{id}/message: 201 with `{ id }` for a new
     * message, 200 with the same `id` for one whose Idempotency-Key it has
     * (a kiosk sending again after a reload mid-upload); 404 for a call it
     * never created, 413, 415 or 400 for a body it will not take.
     * @param {import('node:http').IncomingMessage} req @param {string} callId
     */
    async receive(req, callId) {
      if (!state.messagesEndpoint) throw new HttpError(404, 'This back end has no message endpoint');
      const body = await readBytes(req);
      if (!state.calls.some((call) => call.id === callId)) throw new HttpError(404, `No call ${callId}`);
      if (body.length === 0) throw new HttpError(400, 'An empty message');
      const key = String(req.headers['idempotency-key'] ?? '');
      const known = key ? state.messages.find((message) => message.key === key) : undefined;
      if (known) return { status: 200, answer: { id: known.id } };
      const parts = await partsOf(String(req.headers['content-type'] ?? ''), body);
      count += 1;
      const id = `message-${count}`;
      bodies.set(id, parts);
      for (const old of [...bodies.keys()].slice(0, -KEPT_BODIES)) bodies.delete(old);
      store.record('messages', {
        id,
        key,
        call_id: callId,
        kind: String(req.headers['x-message-kind'] ?? ''),
        recorded_at: String(req.headers['x-recorded-at'] ?? ''),
        parts: parts.map(({ name, type, bytes }) => ({ name, type, bytes: bytes.length })),
      });
      return { status: 201, answer: { id } };
    },

    /**
     * GET /sim/messages/{id}/{part name}: a kept part, for the console to
     * play; false when `path` is not such a path. @param {import('node:http').ServerResponse} res @param {string} path
     */
    servePart(res, path) {
      const match = /^messages\/([^/]+)\/([^/]+)$/.exec(path);
      if (!match) return false;
      const part = bodies.get(match[1])?.find((each) => each.name === decodeURIComponent(match[2]));
      if (!part) throw new HttpError(404, `No message part ${path}`);
      res.writeHead(200, { 'Content-Type': part.type, 'Content-Length': part.bytes.length }).end(part.bytes);
      return true;
    },

    forget: () => bodies.clear(),
  };
}
