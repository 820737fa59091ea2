/**
 * The service worker that keeps the built kiosk on the panel: registered once
 * after the page has loaded, it lets a restarted browser boot the kiosk with
 * no network, and brings a new build in only at a reload. It has nothing to
 * stop: the browser keeps it between pages.
 */
export interface ShellWorker {
  /** Registers the worker and asks the host for a newer build, which installs in the background. Never throws. */
  register(): void;
  /** True when a worker serves this page: a reload boots from its cache, network or not. */
  controlsPage(): boolean;
  /** Lets a newer build that is completely installed take over. Never rejects. */
  activateWaiting(): Promise<void>;
  /**
   * Asks the host for a newer build, waits until it is completely installed,
   * then lets it take over. A host that is down, or a build that is broken or
   * missing, leaves the cached build in place. Never rejects.
   */
  takeNewest(): Promise<void>;
}
