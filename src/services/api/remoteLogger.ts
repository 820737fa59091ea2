import { isRecord } from '../json';
import type { ApiClient, LogEntry } from './apiClient';

export interface Logger {
  /** Logs locally and sends the line to the back end; never throws. */
  error(message: string, meta?: unknown): void;
  /**
   * The same for what the kiosk recovered from or only notes (an event sent
   * again, a lock lifted): the console's warning, `level: 'warning'` in the
   * line's meta, so an error on the panel's console is one that stayed.
   */
  warn(message: string, meta?: unknown): void;
  /**
   * The same logger with `feature` (and `fields`, such as a call's id) in the
   * meta of every line, so the back end's log can be filtered by them.
   */
  child(feature: string, fields?: Record<string, unknown>): Logger;
}

function describe(meta: unknown): unknown {
  if (meta instanceof Error) return { name: meta.name, message: meta.message };
  return meta ?? null;
}

/** A line's meta with its tags first; meta that is not an object goes under `detail`. */
function tagged(tags: Record<string, unknown>, meta: unknown): Record<string, unknown> {
  if (isRecord(meta)) return { ...tags, ...meta };
  return meta === null ? tags : { ...tags, detail: meta };
}

/** Longest text of a meta field printed whole on the console; the back end's line keeps it all. */
export const CONSOLE_TEXT_MAX = 200;

/**
 * The meta as the console prints it: a long text (a lock report's photo is a
 * data URL of tens of kilobytes) shortened to its start and its length, so
 * the panel's console, kept for months, holds lines and not pictures.
 */
function forConsole(meta: unknown): unknown {
  const short = (value: unknown) =>
    typeof value === 'string' && value.length > CONSOLE_TEXT_MAX ? `${value.slice(0, 40)}… (${value.length} characters)` : value;
  if (!isRecord(meta)) return short(meta);
  return Object.fromEntries(Object.entries(meta).map(([key, value]) => [key, short(value)]));
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

  function write(level: 'error' | 'warn', message: string, meta: unknown): void {
    const entry = { message, meta, timestamp: now().toISOString() };
    console[level](message, forConsole(meta));
    if (waiting.length >= MAX_LOGS_WAITING) return;
    waiting.push(entry);
    if (inFlight < MAX_LOGS_IN_FLIGHT) sendNext();
  }

  function logger(tags: Record<string, unknown> | null): Logger {
    return {
      error: (message, meta) => write('error', message, tags ? tagged(tags, describe(meta)) : describe(meta)),
      warn: (message, meta) => write('warn', message, tagged({ ...tags, level: 'warning' }, describe(meta))),
      child: (feature, fields = {}) => logger({ ...tags, feature, ...fields }),
    };
  }
  return logger(null);
}
