import { loadOnce } from '../../lib/loadOnce';
import type { ShellWorker } from './types';

/**
 * The service-worker client with its code loaded at its first use (the
 * page's load event, or a reload): the welcome screen does not need it. A
 * load that fails is logged and the page stays as it is; the next use tries
 * again.
 */
export function createLazyShellWorker(load: () => Promise<ShellWorker>, log: (message: string, meta?: unknown) => void): ShellWorker {
  let loaded: ShellWorker | null = null;
  const worker = loadOnce(load);
  const withWorker = (use: (shell: ShellWorker) => unknown): Promise<void> =>
    worker().then(
      async (shell) => void (await use((loaded = shell))),
      (error: unknown) => log('The service-worker client could not be loaded', error),
    );
  return {
    register: () => void withWorker((shell) => shell.register()),
    // Before its code is here, no page is taken as served by a worker: a reload then waits for the server to answer.
    controlsPage: () => loaded?.controlsPage() ?? false,
    activateWaiting: () => withWorker((shell) => shell.activateWaiting()),
    takeNewest: () => withWorker((shell) => shell.takeNewest()),
  };
}
