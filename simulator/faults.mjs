// Faults the simulator can play on its API routes, per endpoint: the ways a
// back end or the network between fails, so each can be tested against the kiosk.
import { HttpError, sendJson } from './http-util.mjs';

/**
 * - `500`, `503`: that status with a JSON error
 * - `hang`: no answer at all, until the kiosk gives up (or the fault is cleared)
 * - `malformed`: 200 with a body that is not JSON
 * - `drop`: the connection is closed before the request is handled
 * - `lost-answer`: the request is handled (and recorded), then the connection is closed instead of answering
 */
export const API_FAULTS = ['500', '503', 'hang', 'malformed', 'drop', 'lost-answer'];

/** Every endpoint, in the fault table. */
export const ANY_ENDPOINT = '*';

/**
 * The fault table: endpoint (the path after /api/, or `*`) -> fault and how
 * many more requests it hits.
 * @param {{ changed: () => void }} options
 */
export function createFaults({ changed }) {
  /** @type {Map<string, { fault: string, remaining: number }>} */
  const table = new Map();
  /** Answers held by `hang`, closed when their fault is cleared or the simulator stops. */
  /** @type {Set<import('node:http').ServerResponse>} */
  const hanging = new Set();

  function releaseHanging() {
    for (const res of hanging) res.destroy();
    hanging.clear();
  }

  return {
    /**
     * Plays `fault` on the next `count` requests to `endpoint` (every request when count is omitted).
     * @param {string} endpoint @param {string} fault @param {number} [count]
     */
    set(endpoint, fault, count = Infinity) {
      if (!API_FAULTS.includes(fault)) throw new HttpError(400, `\`fault\` must be one of ${API_FAULTS.join(', ')}`);
      if (typeof endpoint !== 'string' || endpoint === '') throw new HttpError(400, '`endpoint` must be an API path or *');
      if (!(count === Infinity || (Number.isInteger(count) && count > 0))) throw new HttpError(400, '`count` must be a positive integer');
      table.set(endpoint, { fault, remaining: count });
      changed();
    },

    /** Clears the fault on `endpoint`, or every fault; hung requests are let go (their connections close). */
    clear(endpoint) {
      if (endpoint === undefined) table.clear();
      else table.delete(endpoint);
      releaseHanging();
      changed();
    },

    /** The table, for /sim/state (`remaining` null for "until cleared"). */
    list: () =>
      Object.fromEntries([...table].map(([endpoint, { fault, remaining }]) => [endpoint, { fault, remaining: remaining === Infinity ? null : remaining }])),

    /**
     * Takes the fault for one request to `endpoint` (its own entry first, then `*`), counting it down.
     * @param {string} endpoint
     * @returns {string | null}
     */
    take(endpoint) {
      const key = table.has(endpoint) ? endpoint : table.has(ANY_ENDPOINT) ? ANY_ENDPOINT : null;
      if (key === null) return null;
      const entry = /** @type {{ fault: string, remaining: number }} */ (table.get(key));
      entry.remaining -= 1;
      if (entry.remaining <= 0) table.delete(key);
      changed();
      return entry.fault;
    },

    /**
     * Answers a request under `fault`: `handle` produces the normal answer.
     * @param {string} fault
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @param {() => Promise<unknown>} handle
     */
    async play(fault, req, res, handle) {
      if (fault === '500' || fault === '503') throw new HttpError(Number(fault), `Injected fault: ${fault}`);
      if (fault === 'drop') return void req.socket.destroy();
      if (fault === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const answer = await handle();
      if (fault === 'lost-answer') return void req.socket.destroy();
      if (fault === 'malformed') {
        return void res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end('{"requests": [{"user_code": ');
      }
      sendJson(res, 200, answer);
    },

    close: releaseHanging,
  };
}
