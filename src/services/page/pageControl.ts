import { urlWithoutToken } from '../../lib/urlWithoutToken';
import type { ShellWorker } from '../shell/types';
import type { PageControl } from './types';

interface Options {
  /** Saves the state before the page goes away; rejects when it could not (the page then stays). */
  beforeReload: () => Promise<unknown>;
  log: (message: string, meta?: unknown) => void;
  /** The service worker that keeps the kiosk for an offline start. */
  shell: ShellWorker;
  win?: Window;
  probeTimeoutMs?: number;
}

/**
 * Reloads the page onto the newest build the panel holds. A page that the
 * service worker serves boots from its cache, network or not; any other page
 * reloads only when its own server answers: a reload while the panel is cut
 * off would replace a working kiosk with the browser's error page. No page
 * reloads while its state is not stored: that would lose it.
 */
export function createPageControl({ beforeReload, log, shell, win = window, probeTimeoutMs = 3000 }: Options): PageControl {
  let reloading = false;

  async function serverAnswers(): Promise<boolean> {
    // A timer, not AbortSignal.timeout: Chromium has that only from 103.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), probeTimeoutMs);
    try {
      const response = await win.fetch(win.location.origin + '/', { method: 'HEAD', cache: 'no-store', signal: controller.signal });
      return response.ok;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async function stateStored(): Promise<boolean> {
    try {
      await beforeReload();
      return true;
    } catch (error) {
      log('Reload skipped: the stored state is not written yet', error);
      return false;
    }
  }

  /** `prepare` brings a new build in first; it never rejects. `go` leaves the page. */
  function reloadAfter(prepare: () => Promise<void>, go = () => win.location.reload()) {
    if (reloading) return;
    reloading = true;
    void (async () => {
      await prepare();
      if (!shell.controlsPage() && !(await serverAnswers())) log('Reload skipped: the kiosk server does not answer');
      else if (await stateStored()) go();
      reloading = false;
    })();
  }

  return {
    href: () => urlWithoutToken(win.location.href),
    onLeave: (handler) => {
      win.addEventListener('pagehide', handler);
      return () => win.removeEventListener('pagehide', handler);
    },
    onRestored: (handler) => {
      const restored = (event: PageTransitionEvent) => event.persisted && handler();
      win.addEventListener('pageshow', restored);
      return () => win.removeEventListener('pageshow', restored);
    },
    keepForOffline: () => shell.register(),
    reload: () => reloadAfter(shell.activateWaiting),
    refresh: () => reloadAfter(shell.takeNewest),
    // Home alone: the screen's own query (a resident to call) is what may have crashed it; token and model are stored.
    reloadHome: () => reloadAfter(shell.activateWaiting, () => win.location.replace(`${win.location.origin}/`)),
  };
}
