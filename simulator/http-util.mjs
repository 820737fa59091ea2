// Small HTTP helpers shared by the API, video and control routes.

export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** An error that becomes a JSON answer with this status instead of a 500. */
export class HttpError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string | Buffer} text JSON, or its bytes @param {Record<string, string>} [headers] */
export function sendJsonText(res, status, text, headers = {}) {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
export function sendJson(res, status, body) {
  sendJsonText(res, status, JSON.stringify(body));
}

/**
 * The kiosk is served from another origin (port 5173), so the routes it uses
 * allow any origin; it may ask for the property with If-None-Match, and
 * reads the ETag it was answered with; a message carries its own headers
 * (docs/protocol.md, "Messages").
 */
export function setCors(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, If-None-Match, Idempotency-Key, X-Message-Kind, X-Recorded-At');
  res.setHeader('Access-Control-Expose-Headers', 'ETag, Date');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, OPTIONS');
  res.setHeader('Access-Control-Max-Age', '600');
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a request to a /sim/ control route comes from the simulator's own
 * pages (the console) or from a local tool (curl, a test), and not from any
 * other web page open in the same browser. Browsers name the requesting page
 * in Origin and Sec-Fetch-Site; tools send neither. The Host check stops a
 * page on a name rebound to 127.0.0.1 (its Origin would match its own Host).
 * @param {import('node:http').IncomingMessage} req
 * @param {string} ownHost the host the simulator listens on
 */
export function isLocalControl(req, ownHost) {
  const host = req.headers.host ?? '';
  const hostname = host.replace(/:\d+$/, '');
  if (!LOOPBACK_HOSTS.has(hostname) && hostname !== ownHost) return false;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  return origin === undefined || origin === `http://${host}`;
}

/**
 * Whether a socket upgrade (hardware, Pusher) comes from a page this machine
 * serves (the kiosk on any loopback port, the console) or from a tool (no
 * Origin), and not from any other web page open in the same browser, which
 * could otherwise read card reads or approve a call. Host is checked as for
 * the control routes (a name rebound to 127.0.0.1).
 * @param {import('node:http').IncomingMessage} req
 * @param {string} ownHost the host the simulator listens on
 */
export function isLocalPage(req, ownHost) {
  const isLocalName = (hostname) => LOOPBACK_HOSTS.has(hostname) || hostname === ownHost;
  if (!isLocalName((req.headers.host ?? '').replace(/:\d+$/, ''))) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const { protocol, hostname } = new URL(origin);
    return (protocol === 'http:' || protocol === 'https:') && isLocalName(hostname);
  } catch {
    return false;
  }
}

/** @param {import('node:http').IncomingMessage} req @returns {string | null} */
export function bearerToken(req) {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return match ? match[1].trim() : null;
}

/**
 * Reads the whole body as text, refusing more than MAX_BODY_BYTES.
 * @param {import('node:http').IncomingMessage} req
 */
export function readText(req) {
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) {
    req.resume(); // drain so the 413 can still be delivered
    return Promise.reject(new HttpError(413, 'Body larger than 2 MB'));
  }
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () =>
      tooLarge ? reject(new HttpError(413, 'Body larger than 2 MB')) : resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Parses the body as JSON. With `acceptForm`, a form-urlencoded body is parsed
 * as a form (pusher-js posts channel authorization that way). An empty body
 * is `undefined`.
 * @param {import('node:http').IncomingMessage} req
 * @param {{ acceptForm?: boolean }} [options]
 */
export async function readBody(req, { acceptForm = false } = {}) {
  const text = await readText(req);
  if (text.trim() === '') return undefined;
  if (acceptForm && (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
}

/** @param {unknown} value */
export const isPlainObject = (value) => !!value && typeof value === 'object' && !Array.isArray(value);

/** Like readBody, but the body must be a JSON object. */
export async function readObject(req) {
  const body = await readBody(req);
  if (!isPlainObject(body)) throw new HttpError(400, 'Expected a JSON object body');
  return body;
}
