/** The back end's `Date` (epoch ms) at an answer, and the page's monotonic time then: the passes' clock (docs/passes.md). */
export interface ServerDate {
  date: number;
  mono: number;
}

/** The answer's `Date`, or null when it has none the page can read (a cross-origin back end must expose it). */
export function readServerDate(response: Response): ServerDate | null {
  const date = Date.parse(response.headers.get('Date') ?? '');
  return Number.isFinite(date) ? { date, mono: performance.now() } : null;
}
