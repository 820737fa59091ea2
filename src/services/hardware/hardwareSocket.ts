import { isRecord, type JsonObject as Json } from '../json';
import { busyAwareDeadline } from './busyAwareDeadline';
import { FRAME_MAX, parseNotification } from './hardwareNotifications';
import type { HardwareNotification, HardwareService, HardwareStatus } from './types';

/** The part of the WebSocket API this service uses, so tests can inject a small fake. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface HardwareSocketOptions {
  url: string;
  /** Read on every (re)connection: the page address can change between them. */
  getDetectUrl: () => string;
  log: (message: string, meta?: unknown) => void;
  WebSocketImpl?: new (url: string) => SocketLike;
  relayDelayMs?: number;
  retryWindowMs?: number;
  requestTimeoutMs?: number;
  /** A connection not open by then is given up and tried again: a daemon that never answers must not hold the socket in CONNECTING. */
  connectTimeoutMs?: number;
  /** The page's monotonic clock, to tell a late timer (a busy page). */
  now?: () => number;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
const SOCKET_CLOSED = 'Hardware socket closed';

/** Something waiting on the socket: a reply to request `id`, the next open, or a plain delay. */
interface Waiter {
  kind: 'reply' | 'open' | 'delay';
  id?: number;
  method?: string;
  settle(error?: Error, value?: unknown): void;
}

/**
 * JSON-RPC 2.0 client for the panel's hardware daemon. `start` connects and
 * reconnects with back-off; `stop` closes the socket, clears every timer and
 * rejects whatever is still waiting.
 */
export function createHardwareSocket({
  url,
  getDetectUrl,
  log,
  WebSocketImpl = WebSocket,
  relayDelayMs = 600,
  retryWindowMs = 10_000,
  requestTimeoutMs = 5_000,
  connectTimeoutMs = 5_000,
  now = () => performance.now(),
}: HardwareSocketOptions): HardwareService {
  let onNotification: ((notification: HardwareNotification) => void) | null = null;
  let onStatus: ((status: HardwareStatus) => void) | null = null;
  /** Each code's opening under way, the last begun: the gate follows it (`opening`). */
  const openings = new Map<string, Promise<void>>();
  let socket: SocketLike | null = null;
  let isOpen = false;
  let retryMs = FIRST_RETRY_MS;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let cancelConnectDeadline: () => void = () => undefined;
  let nextId = 1;
  const waiters = new Set<Waiter>();

  /** Waits for `waiter` to be settled; after `ms` it is settled with `timeoutError` (a deadline a busy page does not count), or plainly (a delay). */
  function wait(waiter: Omit<Waiter, 'settle'>, ms: number, timeoutError?: Error): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const expire = () => entry.settle(timeoutError);
      let cancel: () => void;
      if (timeoutError) cancel = busyAwareDeadline(now, ms, expire);
      else {
        const timer = setTimeout(expire, ms);
        cancel = () => clearTimeout(timer);
      }
      const entry: Waiter = {
        ...waiter,
        settle(error, value) {
          cancel();
          waiters.delete(entry);
          if (error) reject(error);
          else resolve(value);
        },
      };
      waiters.add(entry);
    });
  }

  function settleAll(kind: Waiter['kind'] | null, error?: Error) {
    for (const waiter of [...waiters]) if (kind === null || waiter.kind === kind) waiter.settle(error);
  }

  function call(method: string, params: unknown[]): Promise<unknown> {
    if (!socket || !isOpen) return Promise.reject(new Error(`Hardware socket not connected (${method})`));
    const id = nextId++;
    const reply = wait({ kind: 'reply', id, method }, requestTimeoutMs, new Error(`${method} timed out`)).catch((error: unknown) => {
      if (error instanceof Error && error.message === `${method} timed out`) onStatus?.({ state: 'silent', method });
      throw error;
    });
    socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return reply;
  }

  /** Resolves once the socket opens; a reconnection waiting for its back-off is made at once. */
  async function whenOpen(deadline: number, what: string): Promise<void> {
    if (reconnectTimer !== undefined) {
      clearTimeout(reconnectTimer);
      connect();
    }
    await wait({ kind: 'open' }, Math.max(0, deadline - Date.now()), new Error(`Hardware socket unreachable: ${what}`));
  }

  /**
   * A request's failure as a value (null when it succeeded). With `lostIsSent`,
   * an answer lost with the socket counts as success: the request had left.
   */
  function settled(request: Promise<unknown>, { lostIsSent }: { lostIsSent: boolean }): Promise<unknown> {
    return request.then(
      () => null,
      (error: unknown) => (lostIsSent && error instanceof Error && error.message === SOCKET_CLOSED ? null : error),
    );
  }

  function handleReply(message: Json) {
    const waiter = [...waiters].find((w) => w.kind === 'reply' && w.id === message.id);
    if (!waiter) return log('Hardware socket: reply to an unknown request', message);
    // An answer, even an error, means the daemon is listening again.
    onStatus?.({ state: 'connected' });
    if (message.error === undefined) return waiter.settle(undefined, message.result);
    const detail = isRecord(message.error) ? message.error.message : message.error;
    waiter.settle(new Error(`${waiter.method} failed: ${String(detail)}`));
  }

  function handleMessage(data: unknown) {
    const text = String(data);
    if (text.length > FRAME_MAX) return log(`Hardware socket: dropped a ${text.length}-character frame`, text.slice(0, 200));
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return log('Hardware socket: unparsable message', data);
    }
    if (!isRecord(message)) return log('Hardware socket: unexpected message', message);
    if (message.method === undefined && message.id !== undefined) return handleReply(message);
    const notification = parseNotification(message);
    if (!notification) return log('Hardware socket: ignored notification', message);
    if (notification.kind === 'unreadable') log('Hardware socket: unreadable facility read', notification.read);
    onNotification?.(notification);
  }

  function connect() {
    reconnectTimer = undefined;
    let next: SocketLike;
    try {
      next = new WebSocketImpl(url);
    } catch (error) {
      log('Hardware socket: cannot connect', error);
      onStatus?.({ state: 'down' });
      return scheduleReconnect();
    }
    socket = next;
    cancelConnectDeadline = busyAwareDeadline(now, connectTimeoutMs, () => {
      if (retryMs === FIRST_RETRY_MS) log('Hardware socket: connection not open in time', { url, ms: connectTimeoutMs });
      drop(next);
      scheduleReconnect();
    });
    next.onopen = () => {
      cancelConnectDeadline();
      isOpen = true;
      retryMs = FIRST_RETRY_MS;
      onStatus?.({ state: 'connected' });
      call('detectUrl', [getDetectUrl()]).catch((error: unknown) => log('Hardware socket: detectUrl failed', error));
      settleAll('open');
    };
    next.onmessage = (event) => handleMessage(event.data);
    // Errors are followed by a close, which handles the retry.
    // Logged once per outage, not on every retry of a panel that is down for days.
    next.onerror = () => {
      if (retryMs === FIRST_RETRY_MS) log('Hardware socket error', { url });
    };
    next.onclose = () => {
      cancelConnectDeadline();
      socket = null;
      isOpen = false;
      settleAll('reply', new Error(SOCKET_CLOSED));
      onStatus?.({ state: 'down' });
      scheduleReconnect();
    };
  }

  /** Closes `closing` without its close event scheduling a reconnect (the caller decides). */
  function drop(closing: SocketLike) {
    closing.onopen = closing.onmessage = closing.onerror = closing.onclose = null;
    closing.close();
    if (socket === closing) socket = null;
    isOpen = false;
  }

  function scheduleReconnect() {
    reconnectTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  /** wiegand(0, code), then enable_relay1 after relayDelayMs, each waiting for the socket within the retry window. */
  async function signalGate(code: string): Promise<void> {
    // The gate feature tells the visitor (the no-code notice, docs/rules.md#r8-1-3); here only nothing is signalled.
    if (!code) throw new Error('No code to signal: gate not opened');
    const deadline = Date.now() + retryWindowMs;
    // Open: the code signal leaves now, in the caller's turn, before anything else it does.
    if (!isOpen) await whenOpen(deadline, 'gate not opened');
    const signal = settled(call('wiegand', [0, code]), { lostIsSent: true });
    // The relay follows the code signal after a fixed delay, not after its answer.
    await wait({ kind: 'delay' }, relayDelayMs);
    // A socket that dropped since: the relay is pulsed once it is back, inside the same window, and only once.
    if (!isOpen) await whenOpen(deadline + relayDelayMs, 'relay not pulsed');
    const [codeError, relayError] = await Promise.all([signal, settled(call('enable_relay1', []), { lostIsSent: false })]);
    if (codeError ?? relayError) throw codeError ?? relayError;
  }

  return {
    start(handler, statusHandler) {
      onNotification = handler;
      onStatus = statusHandler ?? null;
      if (!socket && reconnectTimer === undefined) connect();
    },

    stop() {
      onNotification = null;
      onStatus = null;
      clearTimeout(reconnectTimer);
      cancelConnectDeadline();
      reconnectTimer = undefined;
      if (socket) drop(socket);
      retryMs = FIRST_RETRY_MS;
      settleAll(null, new Error('Hardware socket stopped'));
    },

    openGate(code) {
      const opening = signalGate(code);
      openings.set(code, opening);
      const ended = () => {
        if (openings.get(code) === opening) openings.delete(code);
      };
      opening.then(ended, ended);
      return opening;
    },

    opening: (code) => openings.get(code),
  };
}
