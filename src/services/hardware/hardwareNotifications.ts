import * as v from 'valibot';
import type { JsonObject as Json } from '../json';
import type { HardwareNotification } from './types';

/** A card or code read: digits, sent as a string or as a non-negative integer. */
const digits = v.union([v.pipe(v.string(), v.regex(/^\d+$/)), v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.transform(String))]);

/** The code of a `facility` read, in whichever shape the panel used: `{ code }` or `[code, ...]`. */
const facilityParams = v.union([
  v.pipe(
    v.object({ code: digits }),
    v.transform(({ code }) => code),
  ),
  v.pipe(
    v.looseTuple([digits]),
    v.transform(([code]) => code),
  ),
]);

/** How much of an unreadable read is kept for the denied request and the log. */
const READ_TEXT_MAX = 32;
/** Frames longer than this are not read at all (a daemon gone wrong, or someone else on the port). */
export const FRAME_MAX = 64 * 1024;

/** A code sent as text that is not digits (`{ code: '12AB' }`, `['12AB']`): kept as it was read. */
const textParams = v.union([
  v.pipe(
    v.object({ code: v.string() }),
    v.transform(({ code }) => code),
  ),
  v.pipe(
    v.looseTuple([v.string()]),
    v.transform(([code]) => code),
  ),
]);

/** What an unreadable read said: its code as read when it sent text, else the JSON of its params. */
function readText(params: unknown): string {
  const text = v.safeParse(textParams, params);
  return (text.success ? text.output : (JSON.stringify(params) ?? 'nothing')).slice(0, READ_TEXT_MAX);
}

/** What a JSON-RPC notification from the daemon means; undefined for one the kiosk does not take. */
export function parseNotification(message: Json): HardwareNotification | undefined {
  if (message.method === 'refresh') return { kind: 'refresh' };
  if (message.method !== 'facility') return undefined;
  const params = v.safeParse(facilityParams, message.params);
  if (params.success) return { kind: 'facility', code: params.output };
  return { kind: 'unreadable', read: readText(message.params) };
}
