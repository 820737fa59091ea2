/**
 * A clock of elapsed milliseconds that a wall clock set back never moves
 * backwards. Within a page it follows the page's monotonic clock
 * (performance.now), which a wall clock set back or forward does not move;
 * between pages (a reload, a restart) it adds the wall clock's gap, never
 * less than nothing and never more than its owner allows. The code lock
 * allows a minute (a clock set forward ends no lock early); the property
 * data's age allows any gap forward (a clock set forward only ages guests'
 * codes sooner). So a panel whose clock is set back (a reboot before its time
 * is synced) neither ends a lock, forgets refusals, nor keeps guests' codes
 * longer.
 */

/** One look at both clocks: the page's monotonic time and the wall clock, in ms. */
export interface ClockReading {
  mono: number;
  wall: number;
}

/** Where the clock stood: `elapsed` at the wall time `wallAt`, and this page's monotonic time then (null: another page's). */
export interface ElapsedClock {
  elapsed: number;
  wallAt: number;
  monoAt: number | null;
}

/** The most a gap between two pages adds to the code lock's clock; it is anchored every TICK_MS while it matters, so a reload is well within it. */
export const RELOAD_CREDIT_MS = 60_000;
/** How often the code lock's clock is anchored (and stored) while refusals or locks are remembered. */
export const TICK_MS = 20_000;

export const startingClock: ElapsedClock = { elapsed: 0, wallAt: 0, monoAt: null };

/** The clock's time at `reading`; a gap between pages adds at most `creditMs`. */
export function elapsedTime(clock: ElapsedClock, { mono, wall }: ClockReading, creditMs = RELOAD_CREDIT_MS): number {
  if (clock.monoAt !== null && mono >= clock.monoAt) return clock.elapsed + (mono - clock.monoAt);
  return clock.elapsed + Math.min(Math.max(0, wall - clock.wallAt), creditMs);
}

/** The clock anchored at `reading`: what is stored, and what this page counts from. */
export function anchoredAt(clock: ElapsedClock, reading: ClockReading, creditMs = RELOAD_CREDIT_MS): ElapsedClock {
  return { elapsed: elapsedTime(clock, reading, creditMs), wallAt: reading.wall, monoAt: reading.mono };
}

/** The browser's clocks. */
export const readClocks = (): ClockReading => ({ mono: performance.now(), wall: Date.now() });
