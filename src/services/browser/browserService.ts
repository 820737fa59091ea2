/** What the kiosk knows of the browser it runs in. */
export interface BrowserService {
  /** The user agent: the engine is read from it (engineOf.ts), and it goes to the back end's log as it is. */
  userAgent: string;
  /** This page is a reload (after a notification, the hardware's `refresh`): the load before it already reported the start. */
  reloaded: boolean;
  /** The engine refuses this page the hardware socket's address (Local Network Access, localNetworkAccess.ts). */
  localNetworkRefused(): Promise<boolean>;
}

type BrowserWindow = Pick<Window, 'navigator' | 'performance'>;

function isReload(performance: Performance): boolean {
  // Navigation Timing 2: Chromium 57, Safari 15; an engine without it counts every load as a start.
  const [navigation] = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : [];
  return (navigation as PerformanceNavigationTiming | undefined)?.type === 'reload';
}

export function createBrowserService(win: BrowserWindow, hardwareSocketUrl: string): BrowserService {
  return {
    userAgent: win.navigator.userAgent,
    reloaded: isReload(win.performance),
    // Asked only once the hardware socket has failed: not in the first screen's bundle.
    localNetworkRefused: () =>
      import('./localNetworkAccess').then(({ localNetworkRefused }) => localNetworkRefused(win.navigator.permissions, hardwareSocketUrl)),
  };
}
