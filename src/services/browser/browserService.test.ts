import { createBrowserService } from './browserService';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';

function browserWith(navigationType: string | null) {
  const entries = navigationType === null ? [] : [{ type: navigationType }];
  const win = {
    navigator: { userAgent: UA, permissions: { query: async () => ({ state: 'denied' }) } },
    performance: { getEntriesByType: (type: string) => (type === 'navigation' ? entries : []) },
  } as unknown as Pick<Window, 'navigator' | 'performance'>;
  return createBrowserService(win, 'ws://127.0.0.1:8787/hardware');
}

describe('the browser service', () => {
  it('keeps the user agent the engine is read from', () => {
    expect(browserWith('navigate').userAgent).toBe(UA);
  });

  it('knows a reload from a start: only a reload was reported by the load before', () => {
    expect(browserWith('reload').reloaded).toBe(true);
    expect(browserWith('navigate').reloaded).toBe(false);
    expect(browserWith('back_forward').reloaded).toBe(false);
    // An engine without Navigation Timing 2: every load is a start.
    expect(browserWith(null).reloaded).toBe(false);
  });

  it("asks the engine's permissions about the hardware socket's address", async () => {
    expect(await browserWith('navigate').localNetworkRefused()).toBe(true);
  });
});
