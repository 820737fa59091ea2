// Pusher's HTTP API as the back end calls it (signed with the app secret):
// server events, and the channels' subscription counts.
import { createHash, createHmac } from 'node:crypto';

/** How long the simulator waits for soketi's HTTP API. */
const REQUEST_TIMEOUT_MS = 5_000;

/**
 * The query string of a signed request: auth_key, auth_timestamp,
 * auth_version, body_md5 (with a body) and auth_signature, the HMAC-SHA256
 * of "METHOD\npath\nsorted query" with the secret (Pusher's REST auth).
 * @param {{ key: string, secret: string }} app
 * @param {string} method @param {string} path @param {Record<string, string>} params @param {string} [body]
 */
export function signedQuery({ key, secret }, method, path, params = {}, body) {
  const query = { ...params, auth_key: key, auth_timestamp: String(Math.floor(Date.now() / 1000)), auth_version: '1.0' };
  if (body !== undefined) query.body_md5 = createHash('md5').update(body).digest('hex');
  const sorted = Object.keys(query)
    .sort()
    .map((name) => `${name}=${query[name]}`)
    .join('&');
  const signature = createHmac('sha256', secret).update(`${method}\n${path}\n${sorted}`).digest('hex');
  return `${new URLSearchParams(query)}&auth_signature=${signature}`;
}

/**
 * A client of one app's HTTP API on a Pusher-protocol server.
 * @param {{ url: string, appId: string, key: string, secret: string }} server
 */
export function createPusherRest(server) {
  /** @param {string} method @param {string} path under /apps/{id} @param {Record<string, string>} [params] @param {unknown} [payload] */
  async function request(method, path, params = {}, payload = undefined) {
    const fullPath = `/apps/${server.appId}${path}`;
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const res = await fetch(`${server.url}${fullPath}?${signedQuery(server, method, fullPath, params, body)}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${fullPath}: ${res.status} ${text}`);
    return JSON.parse(text);
  }

  return {
    /**
     * A server event to `channel`; `data` is sent JSON-encoded, as Pusher's
     * libraries do. `except` (a socket id) is left out, as Pusher's `socket_id` does.
     * @param {string} channel @param {string} event @param {unknown} data @param {string} [except]
     */
    trigger: (channel, event, data, except) =>
      request('POST', '/events', {}, { name: event, channel, data: JSON.stringify(data), ...(except ? { socket_id: except } : {}) }),
    /** @returns {Promise<Record<string, number>>} subscribers per occupied channel */
    async subscriptionCounts() {
      const { channels } = await request('GET', '/channels', { info: 'subscription_count' });
      return Object.fromEntries(Object.entries(channels).map(([name, info]) => [name, info.subscription_count]));
    },
  };
}
