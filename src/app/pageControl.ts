import { urlWithoutToken } from '../features/session/launchParams';
import type { ShellWorker } from '../services/shell/types';
import type { PageControl } from './services';

interface Options {
  /** Saves the state before the page goes away. */
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
 * off would replace a working kiosk with the browser's error page.
 */
export function createPageControl({ beforeReload, log, shell, win = window, probeTimeoutMs = 3000 }: Options): PageControl {
  let reloading = false;

  async function serverAnswers(): Promise<boolean> {
    try {
      const response = await win.fetch(win.location.origin + '/', {
        method: 'HEAD',
        cache: 'no-store',
        signal: AbortSignal.timeout(probeTimeoutMs),
      });
      return response.ok;
    } catch {
      return false;
    }
  }

  /** `prepare` brings a new build in first; it never rejects. */
  function reloadAfter(prepare: () => Promise<void>) {
    if (reloading) return;
    reloading = true;
    void (async () => {
      await prepare();
      if (shell.controlsPage() || (await serverAnswers())) {
        await beforeReload().catch(() => undefined);
        win.location.reload();
      } else {
        log('Reload skipped: the kiosk server does not answer');
      }
      reloading = false;
    })();
  }

  return {
    href: () => urlWithoutToken(win.location.href),
    onLeave: (handler) => {
      win.addEventListener('pagehide', handler);
      return () => win.removeEventListener('pagehide', handler);
    },
    keepForOffline: () => shell.register(),
    reload: () => reloadAfter(shell.activateWaiting),
    refresh: () => reloadAfter(shell.takeNewest),
  };
}
