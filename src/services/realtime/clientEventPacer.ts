import type { Logger } from '../api/remoteLogger';

/** Pusher Channels' limits: client events a connection may send a second, and the size of one event's data. */
export const CLIENT_EVENTS_PER_SECOND = 10;
export const CLIENT_EVENT_MAX_BYTES = 10 * 1024;
/**
 * The window sends are counted over: a second, plus a margin for the network
 * and a busy server taking two sends closer together than they left the
 * kiosk (a margin of 100 ms let soketi on a loaded machine take 12 in 990 ms).
 */
export const PACING_WINDOW_MS = 1500;
/** Places in each window only events other than candidates may take, so a hangup or an answer never waits behind them. */
const KEPT_FOR_OTHERS = 1;

export interface ClientEvent {
  channel: string;
  event: `client-${string}`;
  data: unknown;
}

export interface PacerOptions {
  /** Puts one event on the wire now. */
  send(item: ClientEvent): void;
  logger: Pick<Logger, 'error' | 'warn'>;
  /** A clock that a clock set back does not move. */
  now?: () => number;
}

/**
 * Keeps the kiosk's client events within Pusher's limits on one connection
 * (docs/protocol.md, "Client events"). Created with the connection, stopped
 * with it.
 */
export interface ClientEventPacer {
  /**
   * Sends the event at once while the window has room, else as soon as it has:
   * candidates in the order found, other events ahead of them. False, and
   * nothing queued, for an event over CLIENT_EVENT_MAX_BYTES.
   */
  enqueue(item: ClientEvent): boolean;
  /**
   * The server refused an event (pusher:error 4301), which the error does not
   * name: the last one sent and not sent again yet goes again, with nothing
   * sent until the window has passed.
   */
  refused(): void;
  /** Drops what is queued and its timer. */
  stop(): void;
}

const dataBytes = (data: unknown) => new TextEncoder().encode(JSON.stringify(data) ?? '').length;
const callOf = (data: unknown) => (typeof data === 'object' && data !== null ? (data as { call_id?: unknown }).call_id : undefined);

export function createClientEventPacer({ send, logger, now = () => performance.now() }: PacerOptions): ClientEventPacer {
  const others: ClientEvent[] = [];
  const candidates: ClientEvent[] = [];
  /** What went out within the last window, oldest first. */
  let sent: Array<{ at: number; item: ClientEvent; resent: boolean }> = [];
  let quietUntil = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastLoggedCall: unknown = Symbol('none');

  function pump(): void {
    timer = null;
    const at = now();
    sent = sent.filter((entry) => entry.at > at - PACING_WINDOW_MS);
    for (;;) {
      const queue = others.length > 0 ? others : candidates;
      const item = queue[0];
      if (!item) return;
      const limit = CLIENT_EVENTS_PER_SECOND - (queue === candidates ? KEPT_FOR_OTHERS : 0);
      if (at < quietUntil || sent.length >= limit) {
        const roomAt = sent.length >= limit ? sent[sent.length - limit]!.at + PACING_WINDOW_MS : 0;
        timer = setTimeout(pump, Math.max(quietUntil, roomAt) - at);
        return;
      }
      queue.shift();
      sent.push({ at, item, resent: false });
      send(item);
    }
  }

  function reschedule(): void {
    if (timer !== null) clearTimeout(timer);
    pump();
  }

  return {
    enqueue(item) {
      const bytes = dataBytes(item.data);
      if (bytes > CLIENT_EVENT_MAX_BYTES) {
        logger.error(`Realtime event ${item.event} not sent: over ${CLIENT_EVENT_MAX_BYTES} bytes`, { bytes });
        return false;
      }
      (item.event === 'client-candidate' ? candidates : others).push(item);
      // A new event other than a candidate may fit where waiting candidates do not.
      reschedule();
      return true;
    },
    refused() {
      // Array#findLast is newer than Chromium 83.
      const entry = [...sent].reverse().find((candidate) => !candidate.resent);
      quietUntil = now() + PACING_WINDOW_MS;
      if (entry) {
        entry.resent = true;
        (entry.item.event === 'client-candidate' ? candidates : others).unshift(entry.item);
        const call = callOf(entry.item.data);
        if (call !== lastLoggedCall) {
          lastLoggedCall = call;
          logger.warn('Realtime event refused by the rate limit: sent again', { event: entry.item.event, call_id: call });
        }
      }
      reschedule();
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      others.length = candidates.length = 0;
      sent = [];
    },
  };
}
