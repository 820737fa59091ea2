import type { ApiClient, LogEntry } from './apiClient';

export interface Logger {
  /** Logs locally and sends the line to the back end; never throws. */
  error(message: string, meta?: unknown): void;
}

function describe(meta: unknown): unknown {
  if (meta instanceof Error) return { name: meta.name, message: meta.message };
  return meta ?? null;
}

/** Log lines on their way at once; the next wait their turn. */
export const MAX_LOGS_IN_FLIGHT = 4;
/** Lines waiting beyond that; more are only written locally, so an outage cannot pile up requests or memory. */
export const MAX_LOGS_WAITING = 100;

export function createRemoteLogger(api: Pick<ApiClient, 'sendLog'>, now: () => Date = () => new Date()): Logger {
  let inFlight = 0;
  const waiting: LogEntry[] = [];

  function sendNext(): void {
    const entry = waiting.shift();
    if (!entry) return;
    inFlight += 1;
    // Best effort: a log that cannot be delivered is not worth another log line.
    api
      .sendLog(entry)
      .catch(() => undefined)
      .finally(() => {
        inFlight -= 1;
        sendNext();
      });
  }

  return {
    error(message, meta) {
      const entry = { message, meta: describe(meta), timestamp: now().toISOString() };
      console.error(message, entry.meta);
      if (waiting.length >= MAX_LOGS_WAITING) return;
      waiting.push(entry);
      if (inFlight < MAX_LOGS_IN_FLIGHT) sendNext();
    },
  };
}
