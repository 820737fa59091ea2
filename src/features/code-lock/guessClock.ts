/**
 * The code lock's own clock: elapsed milliseconds that never run backwards.
 * Within a page it follows the page's monotonic clock (performance.now),
 * which a wall clock set back or forward does not move; between pages (a
 * reload) it adds the wall clock's gap, never less than nothing and never
 * more than RELOAD_CREDIT_MS. So a panel whose clock is set back (a reboot
 * before its time is synced) neither ends a lock nor forgets refusals, and
 * one set forward gains at most a minute.
 */

/** One look at both clocks: the page's monotonic time and the wall clock, in ms. */
export interface ClockReading {
  mono: number;
  wall: number;
}

/** Where the clock stood: `elapsed` at the wall time `wallAt`, and this page's monotonic time then (null: another page's). */
export interface GuessClock {
  elapsed: number;
  wallAt: number;
  monoAt: number | null;
}

/** The most a gap between two pages adds. The clock is anchored again every TICK_MS while it matters, so a reload is well within it. */
export const RELOAD_CREDIT_MS = 60_000;
/** How often the clock is anchored (and stored) while refusals or locks are remembered. */
export const TICK_MS = 20_000;

export const startingClock: GuessClock = { elapsed: 0, wallAt: 0, monoAt: null };

/** The clock's time at `reading`. */
export function guessTime(clock: GuessClock, { mono, wall }: ClockReading): number {
  if (clock.monoAt !== null && mono >= clock.monoAt) return clock.elapsed + (mono - clock.monoAt);
  return clock.elapsed + Math.min(Math.max(0, wall - clock.wallAt), RELOAD_CREDIT_MS);
}

/** The clock anchored at `reading`: what is stored, and what this page counts from. */
export function anchoredAt(clock: GuessClock, reading: ClockReading): GuessClock {
  return { elapsed: guessTime(clock, reading), wallAt: reading.wall, monoAt: reading.mono };
}

/** The browser's clocks. */
export const readClocks = (): ClockReading => ({ mono: performance.now(), wall: Date.now() });
