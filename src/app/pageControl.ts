import { urlWithoutToken } from '../features/session/launchParams';
import type { PageControl } from './services';

interface Options {
  /** Saves the state before the page goes away. */
  beforeReload: () => Promise<unknown>;
  log: (message: string, meta?: unknown) => void;
  win?: Window;
  probeTimeoutMs?: number;
}

/**
 * Reloads only when the page's own server answers: a reload while the panel
 * is cut off would replace a working kiosk with the browser's error page.
 */
export function createPageControl({ beforeReload, log, win = window, probeTimeoutMs = 3000 }: Options): PageControl {
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

  return {
    href: () => urlWithoutToken(win.location.href),
    onLeave: (handler) => {
      win.addEventListener('pagehide', handler);
      return () => win.removeEventListener('pagehide', handler);
    },
    reload: () => {
      if (reloading) return;
      reloading = true;
      void (async () => {
        await beforeReload().catch(() => undefined);
        if (await serverAnswers()) win.location.reload();
        else log('Reload skipped: the kiosk server does not answer');
        reloading = false;
      })();
    },
  };
}
