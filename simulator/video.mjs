// The video provider's join-token endpoint (Telnyx rooms API shape), for the
// kiosk's simulator room adapter.
import { HttpError, bearerToken, readBody, sendJson } from './http-util.mjs';

const JOIN_TOKEN = /^\/v2\/rooms\/([^/]+)\/actions\/generate_join_client_token$/;
const TOKEN_TTL_MS = 10 * 60 * 1000;
const REFRESH_TTL_MS = 60 * 60 * 1000;

/** The room a join token was issued for (the tokens are base64url JSON), or undefined. */
export function joinTokenRoom(token) {
  try {
    const decoded = JSON.parse(Buffer.from(String(token), 'base64url').toString());
    return decoded?.kind === 'join' ? decoded.room : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {{ videoKey: string, knownRooms: () => string[] }} options
 */
export function createVideoProvider({ videoKey, knownRooms }) {
  let issued = 0;
  /** Opaque to the kiosk, but readable when debugging: which room, which token. */
  const opaque = (kind, room) => Buffer.from(JSON.stringify({ kind, room, n: issued })).toString('base64url');

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} path the part after /video-provider
   */
  return async function handleVideo(req, res, path) {
    const match = JOIN_TOKEN.exec(path);
    if (req.method !== 'POST' || !match) throw new HttpError(404, `No route ${req.method} /video-provider${path}`);
    if (bearerToken(req) !== videoKey) throw new HttpError(401, 'Missing or wrong video API key');
    await readBody(req); // token_ttl_secs and friends are accepted and ignored
    const room = decodeURIComponent(match[1]);
    if (!knownRooms().includes(room)) throw new HttpError(404, `Unknown room ${room}`);
    issued += 1;
    const now = Date.now();
    sendJson(res, 201, {
      data: {
        token: opaque('join', room),
        refresh_token: opaque('refresh', room),
        token_expires_at: new Date(now + TOKEN_TTL_MS).toISOString(),
        refresh_token_expires_at: new Date(now + REFRESH_TTL_MS).toISOString(),
      },
    });
  };
}
