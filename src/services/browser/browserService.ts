import { parseEngine, type Engine } from './engine';
import { localNetworkRefused } from './localNetworkAccess';

/** What the kiosk knows of the browser it runs in. */
export interface BrowserService {
  /** The engine, read from the user agent once, at start. */
  engine: Engine;
  /** The user agent itself, for the back end's log (an engine the kiosk cannot name). */
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
    engine: parseEngine(win.navigator.userAgent),
    userAgent: win.navigator.userAgent,
    reloaded: isReload(win.performance),
    localNetworkRefused: () => localNetworkRefused(win.navigator.permissions, hardwareSocketUrl),
  };
}
