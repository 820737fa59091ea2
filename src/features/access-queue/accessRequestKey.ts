import type { AccessRequest } from './accessQueueSlice';

// 2026-11-21T10:00:00.000Z, with a space for the T, any number of fraction
// digits (or none, or no seconds), and Z, ±hh:mm, ±hhmm, ±hh or no zone (UTC).
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** The instant an ISO 8601 timestamp names, in whole milliseconds since the epoch; null if it names none. */
export function parseInstant(text: string): number | null {
  return parseTime(text)?.at ?? null;
}

/**
 * An instant and the precision it was written with, in milliseconds: 1 for
 * milliseconds or finer, 10 and 100 for fewer fraction digits, 1,000 for
 * whole seconds, 60,000 for minutes.
 */
export function parseTime(text: string): { at: number; unit: number } | null {
  const match = ISO_INSTANT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  if (month! < 1 || month! > 12 || minute! > 59 || second! > 59) return null;
  // Microseconds and beyond are cut off: the kiosk writes milliseconds.
  const millis = Number((match[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const zone = match[8]?.toUpperCase() ?? 'Z';
  const offsetMinutes = zone === 'Z' ? 0 : zoneMinutes(zone);
  const wallClock = Date.UTC(year!, month! - 1, day, hour, minute, second, millis);
  // A day the month does not have (00, 32, 31 November), or an hour past 23, would roll over into another day.
  if (new Date(wallClock).getUTCDate() !== day) return null;
  const unit = match[6] === undefined ? 60_000 : 10 ** (3 - Math.min(3, (match[7] ?? '').length));
  return { at: wallClock - offsetMinutes * 60000, unit };
}

function zoneMinutes(zone: string): number {
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return zone.startsWith('-') ? -minutes : minutes;
}

/** A code as text: an all-digit code without its leading zeros (a back end storing integers echoes 777 for 00777). */
const codeOf = (userCode: string): string => {
  const code = userCode.trim();
  return /^\d+$/.test(code) ? code.replace(/^0+(?=\d)/, '') : code;
};

/** What an echo stands for: a code, an outcome, and the instants its created_at may have been stored from. */
interface Echo {
  at: number | null;
  text: string;
  /** A time stored at a coarser precision was cut (truncated) or rounded: from half a unit before to a unit after. */
  from: number;
  to: number;
}

const matchesExactly = (echo: Echo, at: number | null, text: string) => (echo.at === null ? echo.text === text : echo.at === at);
const covers = (echo: Echo, at: number | null) => at !== null && echo.at !== null && echo.from <= at && at < echo.to;

/**
 * The queue without the items the server echoed. Each echo removes one
 * queued item of its code and outcome: the one at its very instant, else the
 * first whose instant its coarser time may stand for (a back end storing
 * seconds echoes 10:00:00 for 10:00:00.123). Two items of one code and
 * outcome within one stored second are therefore removed one per echo; one
 * left over is sent again, and the server, having it, echoes it again
 * (docs/access-requests.md). Exact echoes stop the walk as soon as all are
 * used, so a batch from a back end keeping milliseconds costs about its own
 * size, not the queue's.
 */
export function withoutEchoed(queue: readonly AccessRequest[], echoed: readonly AccessRequest[]): AccessRequest[] {
  const echoes = new Map<string, Echo[]>();
  for (const { user_code, access_granted, created_at } of echoed) {
    const time = parseTime(created_at);
    const echo: Echo = time
      ? { at: time.at, text: '', from: time.at - time.unit / 2, to: time.at + time.unit }
      : { at: null, text: created_at.trim(), from: 0, to: 0 };
    const key = JSON.stringify([codeOf(user_code), access_granted]);
    echoes.set(key, [...(echoes.get(key) ?? []), echo]);
  }
  let unused = echoed.length;
  const removed = new Set<number>();
  /** One walk of the queue, each item offered to its code's and outcome's echoes by `fits`. */
  const walk = (fits: (echo: Echo, at: number | null, text: string) => boolean) => {
    for (let index = 0; index < queue.length && unused > 0; index += 1) {
      if (removed.has(index)) continue;
      const item = queue[index]!;
      const candidates = echoes.get(JSON.stringify([codeOf(item.user_code), item.access_granted]));
      if (!candidates || candidates.length === 0) continue;
      const match = candidates.findIndex((echo) => fits(echo, parseInstant(item.created_at), item.created_at.trim()));
      if (match === -1) continue;
      candidates.splice(match, 1);
      removed.add(index);
      unused -= 1;
    }
  };
  walk(matchesExactly);
  walk(covers);
  return queue.filter((_, index) => !removed.has(index));
}
