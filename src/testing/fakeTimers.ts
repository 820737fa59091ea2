/**
 * Fake timers for listener tests: timers and the clocks (Date, the page's
 * performance.now) only, so msw's and fetch's own microtasks and immediates
 * keep running.
 */
export function withFakeTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());
}
