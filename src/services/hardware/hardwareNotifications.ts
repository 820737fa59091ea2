import { isRecord, type JsonObject as Json } from '../json';
import type { HardwareNotification } from './types';

/** A card or code read: digits, sent as a string or as a non-negative integer. */
function readDigits(value: unknown): string | undefined {
  if (typeof value === 'string') return /^\d+$/.test(value) ? value : undefined;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
}

/** The code of a `facility` read, in whichever shape the panel used: `{ code }` or `[code, ...]`. */
function codeOf(params: unknown): unknown {
  if (Array.isArray(params)) return params[0];
  return isRecord(params) ? params.code : undefined;
}

/** How much of an unreadable read is kept for the denied request and the log. */
const READ_TEXT_MAX = 32;
/** Frames longer than this are not read at all (a daemon gone wrong, or someone else on the port). */
export const FRAME_MAX = 64 * 1024;

/** What an unreadable read said: its code as read when it sent text (`{ code: '12AB' }`, `['12AB']`), else the JSON of its params. */
function readText(params: unknown): string {
  const code = codeOf(params);
  return (typeof code === 'string' ? code : (JSON.stringify(params) ?? 'nothing')).slice(0, READ_TEXT_MAX);
}

/** What a JSON-RPC notification from the daemon means; undefined for one the kiosk does not take. */
export function parseNotification(message: Json): HardwareNotification | undefined {
  if (message.method === 'refresh') return { kind: 'refresh' };
  if (message.method !== 'facility') return undefined;
  const code = readDigits(codeOf(message.params));
  if (code !== undefined) return { kind: 'facility', code };
  return { kind: 'unreadable', read: readText(message.params) };
}
