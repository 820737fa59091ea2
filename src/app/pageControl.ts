import { urlWithoutToken } from '../features/session/launchParams';
import type { PageControl } from './services';

interface Options {
  /** Saves the state before the page goes away; rejects when it could not (the page then stays). */
  beforeReload: () => Promise<unknown>;
  log: (message: string, meta?: unknown) => void;
  win?: Window;
  probeTimeoutMs?: number;
}

/**
 * Reloads only when the state is stored and the page's own server answers: a
 * reload would lose what is only in memory, and a reload while the panel is
 * cut off would replace a working kiosk with the browser's error page.
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
    reload: () => leave(() => win.location.reload()),
    // Home alone: the screen's own query (a resident to call) is what may have crashed it; token and model are stored.
    reloadHome: () => leave(() => win.location.replace(`${win.location.origin}/`)),
  };

  function leave(go: () => void): void {
    if (reloading) return;
    reloading = true;
    void (async () => {
      try {
        await beforeReload();
      } catch (error) {
        log('Reload skipped: the stored state is not written yet', error);
        reloading = false;
        return;
      }
      if (await serverAnswers()) go();
      else log('Reload skipped: the kiosk server does not answer');
      reloading = false;
    })();
  }
}
