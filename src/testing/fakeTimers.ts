/**
 * Fake timers for listener tests: timers and Date only, so msw's and
 * fetch's own microtasks and immediates keep running.
 */
export function withFakeTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());
}
