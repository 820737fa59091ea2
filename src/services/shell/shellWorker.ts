import type { ShellWorker } from './types';

/** The parts of the browser's service worker objects used here, so tests can pass fakes. */
export type WorkerLike = Pick<ServiceWorker, 'state' | 'postMessage' | 'addEventListener' | 'removeEventListener'>;
export interface RegistrationLike {
  readonly installing: WorkerLike | null;
  readonly waiting: WorkerLike | null;
  update(): Promise<unknown>;
}
export interface ContainerLike {
  readonly controller: unknown;
  register(url: string, options: RegistrationOptions): Promise<RegistrationLike>;
  getRegistration(): Promise<RegistrationLike | undefined>;
}

export interface ShellWorkerOptions {
  /** The worker's script; null when the build has none (development, unit tests). */
  url: string | null;
  /** navigator.serviceWorker, which is missing outside a secure context (https or localhost). */
  container: ContainerLike | undefined;
  log: (message: string, meta?: unknown) => void;
  /** Longest wait for a new build's files to be fetched and stored. */
  installTimeoutMs?: number;
  /** Longest wait for an installed build to take over. */
  activateTimeoutMs?: number;
}

const NO_WORKER: ShellWorker = {
  register: () => undefined,
  controlsPage: () => false,
  activateWaiting: async () => undefined,
  takeNewest: async () => undefined,
};

/** Resolves with the worker's state once `done` holds for it, or after `timeoutMs` whatever it is. */
function untilState(worker: WorkerLike, done: (state: ServiceWorkerState) => boolean, timeoutMs: number): Promise<ServiceWorkerState> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      worker.removeEventListener('statechange', check);
      resolve(worker.state);
    };
    const check = () => {
      if (done(worker.state)) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    worker.addEventListener('statechange', check);
    check();
  });
}

/** Registers and updates the kiosk's service worker (src/sw.ts); a no-op where there is none. */
export function createShellWorker({
  url,
  container,
  log,
  installTimeoutMs = 30_000,
  activateTimeoutMs = 5_000,
}: ShellWorkerOptions): ShellWorker {
  if (!url || !container) return NO_WORKER;

  const registration = () => container.getRegistration().catch(() => undefined);

  async function activateWaiting(): Promise<void> {
    const waiting = (await registration())?.waiting;
    if (!waiting) return;
    // src/sw.ts calls skipWaiting() on this message.
    waiting.postMessage({ type: 'SKIP_WAITING' });
    const state = await untilState(waiting, (s) => s === 'activated' || s === 'redundant', activateTimeoutMs);
    if (state !== 'activated') log(`The new kiosk build did not take over (${state})`);
  }

  return {
    register() {
      container
        // 'none': the worker's script and its imports are always asked of the host, never of the HTTP cache.
        .register(url, { scope: '/', updateViaCache: 'none' })
        // Registering again does not look for a new build; this does, at every start.
        .then((found) => found.update())
        .catch((error: unknown) => log('The kiosk could not be kept for offline use', error));
    },
    controlsPage: () => container.controller !== null && container.controller !== undefined,
    activateWaiting,
    async takeNewest() {
      const found = await registration();
      if (!found) return;
      try {
        await found.update();
      } catch (error) {
        // Host down, or no worker script there: the cached build stays.
        log('No newer kiosk build could be fetched', error);
      }
      const installing = found.installing;
      if (installing) {
        const state = await untilState(installing, (s) => s !== 'installing', installTimeoutMs);
        if (state === 'redundant') log('The new kiosk build could not be installed; the cached build stays');
      }
      await activateWaiting();
    },
  };
}
