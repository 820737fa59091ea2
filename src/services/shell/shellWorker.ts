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
  /** Resolves with nothing where registration is switched off (Playwright's `serviceWorkers: 'block'`). */
  register(url: string, options: RegistrationOptions): Promise<RegistrationLike | undefined>;
  getRegistration(): Promise<RegistrationLike | undefined>;
}

export interface ShellWorkerOptions {
  /** The worker's script; null when the build has none (development, unit tests). */
  url: string | null;
  /** navigator.serviceWorker, which is missing outside a secure context (https or localhost). */
  container: ContainerLike | undefined;
  log: (message: string, meta?: unknown) => void;
  /** Longest wait for the host's answer about its worker script (a cut-off network may not refuse, only stay silent). */
  checkTimeoutMs?: number;
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

/** Rejects when `promise` has not settled within `timeoutMs`. */
function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer in ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Registers and updates the kiosk's service worker (src/sw.ts); a no-op where there is none. */
export function createShellWorker({
  url,
  container,
  log,
  checkTimeoutMs = 10_000,
  installTimeoutMs = 30_000,
  activateTimeoutMs = 5_000,
}: ShellWorkerOptions): ShellWorker {
  if (!url || !container) return NO_WORKER;

  const registration = () => container.getRegistration().catch(() => undefined);

  /** Asks the host for its worker script; a new one starts installing. */
  async function checkForUpdate(found: RegistrationLike): Promise<void> {
    try {
      await withTimeout(found.update(), checkTimeoutMs);
    } catch (error) {
      // Host down, or no worker script there: the cached build stays.
      log('No newer kiosk build could be fetched', error);
    }
  }

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
      void (async () => {
        let found: RegistrationLike | undefined;
        try {
          // 'none': the worker's script and its imports are always asked of the host, never of the HTTP cache.
          found = await container.register(url, { scope: '/', updateViaCache: 'none' });
        } catch (error) {
          log('The kiosk could not be kept for offline use', error);
          return;
        }
        // Registering again does not look for a new build; this does, at every start.
        if (found) await checkForUpdate(found);
      })();
    },
    controlsPage: () => container.controller !== null && container.controller !== undefined,
    activateWaiting,
    async takeNewest() {
      const found = await registration();
      if (!found) return;
      await checkForUpdate(found);
      const installing = found.installing;
      if (installing) {
        const state = await untilState(installing, (s) => s !== 'installing', installTimeoutMs);
        if (state === 'redundant') log('The new kiosk build could not be installed; the cached build stays');
      }
      await activateWaiting();
    },
  };
}
