import type { AccessRequest } from './accessQueueSlice';

// 2026-11-21T10:00:00.000Z, with a space for the T, any number of fraction
// digits (or none, or no seconds), and Z, ±hh:mm, ±hhmm, ±hh or no zone (UTC).
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** The instant an ISO 8601 timestamp names, in whole milliseconds since the epoch; null if it names none. */
export function parseInstant(text: string): number | null {
  const match = ISO_INSTANT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1, 7).map(Number) as number[];
  if (month! < 1 || month! > 12 || minute! > 59 || second > 59) return null;
  // Microseconds and beyond are cut off: the kiosk writes milliseconds.
  const millis = Number((match[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const zone = match[8]?.toUpperCase() ?? 'Z';
  const offsetMinutes = zone === 'Z' ? 0 : zoneMinutes(zone);
  const wallClock = Date.UTC(year!, month! - 1, day, hour, minute, second, millis);
  // A day the month does not have (00, 32, 31 November), or an hour past 23, would roll over into another day.
  if (new Date(wallClock).getUTCDate() !== day) return null;
  return wallClock - offsetMinutes * 60000;
}

function zoneMinutes(zone: string): number {
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return zone.startsWith('-') ? -minutes : minutes;
}

/**
 * What makes two access requests the same record, the server's idempotency
 * key: the code as text (an all-digit code with or without leading zeros, as a
 * back end storing integers echoes 777 for 00777), the outcome, and the
 * instant of `created_at` however it is spelled.
 */
export function accessRequestKey({ user_code, access_granted, created_at }: AccessRequest): string {
  const code = user_code.trim();
  const instant = parseInstant(created_at);
  return JSON.stringify([/^\d+$/.test(code) ? code.replace(/^0+(?=\d)/, '') : code, access_granted, instant ?? created_at.trim()]);
}
