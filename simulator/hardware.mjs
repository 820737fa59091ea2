// The panel daemon's side of the hardware socket (JSON-RPC 2.0, one message
// per text frame): answers the kiosk's requests and sends it card reads.
import { performance } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';

const isString = (value) => typeof value === 'string';
const isEmpty = (params) => params === undefined || (Array.isArray(params) && params.length === 0);

/** Parameter checks per method, so a kiosk sending the wrong shape finds out. */
const METHODS = {
  wiegand: (p) => Array.isArray(p) && p.length === 2 && p[0] === 0 && isString(p[1]) && /^\d+$/.test(p[1]),
  enable_relay1: isEmpty,
  detectUrl: (p) => Array.isArray(p) && p.length === 1 && isString(p[0]),
};

// High-resolution epoch ms: tests measure the wiegand -> relay delay.
const now = () => performance.timeOrigin + performance.now();
const error = (id, code, message) => ({ jsonrpc: '2.0', id, error: { code, message } });
const validId = (id) => id === null || isString(id) || Number.isFinite(id);

/**
 * @param {{ record: (list: string, fields: object) => object, changed: () => void }} options
 */
export function createHardwareServer({ record, changed }) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });

  /**
   * @param {string} text one frame
   * @param {{ lastWiegand: { code: string, ms: number } | null }} conn
   * @returns {object | undefined} the answer, none for notifications
   */
  function handle(text, conn) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return error(null, -32700, 'Parse error');
    }
    const hasId = message && typeof message === 'object' && 'id' in message;
    if (
      !message || typeof message !== 'object' || Array.isArray(message) || message.jsonrpc !== '2.0' ||
      !isString(message.method) || (hasId && !validId(message.id))
    ) {
      return error(hasId && validId(message.id) ? message.id : null, -32600, 'Invalid Request');
    }
    const { id, method, params } = message;
    const check = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
    if (!check) return hasId ? error(id, -32601, `Method not found: ${method}`) : undefined;
    if (!check(params)) return hasId ? error(id, -32602, `Invalid params for ${method}`) : undefined;

    const ms = now();
    const entry = { direction: 'in', ms, method, params: params ?? [], id: hasId ? id : undefined };
    if (method === 'wiegand') conn.lastWiegand = { code: params[1], ms };
    if (method === 'enable_relay1' && conn.lastWiegand) {
      // A relay pulse right after a code signal is the kiosk opening the gate.
      entry.gateOpening = { code: conn.lastWiegand.code, delayMs: Math.round(ms - conn.lastWiegand.ms) };
      conn.lastWiegand = null;
    }
    record('hardware', entry);
    return hasId ? { jsonrpc: '2.0', id, result: true } : undefined;
  }

  wss.on('connection', (ws) => {
    ws.on('error', () => ws.terminate());
    const conn = { lastWiegand: null };
    ws.on('message', (raw) => {
      const answer = handle(raw.toString('utf8'), conn);
      if (answer && ws.readyState === ws.OPEN) ws.send(JSON.stringify(answer));
    });
    ws.on('close', changed);
    changed();
  });

  /**
   * Sends a notification to every connected kiosk and records it, so the
   * console shows the card read next to what the kiosk did with it.
   * @returns {number} how many kiosks got it
   */
  function notify(method, params) {
    const text = JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
    let delivered = 0;
    for (const ws of wss.clients) {
      if (ws.readyState !== ws.OPEN) continue;
      ws.send(text);
      delivered += 1;
    }
    record('hardware', { direction: 'out', ms: now(), method, params: params ?? {}, delivered });
    return delivered;
  }

  /** Until when new connections are refused (epoch ms); 0 when they are accepted. */
  let refusedUntil = 0;
  /** Tells the console when a refusal runs out. */
  let refusalEnd;

  function closeAll() {
    for (const ws of wss.clients) ws.terminate();
  }

  return {
    wss,
    /** Whether a connection made now is accepted. */
    accepting: () => Date.now() >= refusedUntil,
    /** Plays the daemon dropping every connection; the kiosk may reconnect at once. */
    close() {
      closeAll();
      changed();
    },
    /**
     * Plays the daemon down for `ms` (Infinity: until `accept`): connections are cut and new ones refused.
     * @param {number} ms
     */
    refuse(ms) {
      refusedUntil = Date.now() + ms;
      clearTimeout(refusalEnd);
      if (Number.isFinite(ms)) refusalEnd = setTimeout(changed, ms).unref();
      closeAll();
      changed();
    },
    /** Accepts connections again. */
    accept() {
      refusedUntil = 0;
      clearTimeout(refusalEnd);
      changed();
    },
    /** For /sim/state: until when (ISO time) connections are refused, or null. */
    refusedUntil: () => (Date.now() < refusedUntil ? (Number.isFinite(refusedUntil) ? new Date(refusedUntil).toISOString() : 'until accepted') : null),
    /** A card or code read at the panel. */
    facility: (code) => notify('facility', { code: String(code) }),
    refresh: () => notify('refresh'),
    clientCount: () => [...wss.clients].filter((ws) => ws.readyState === ws.OPEN).length,
  };
}
