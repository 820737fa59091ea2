import { vi } from 'vitest';
import type { ContainerLike, RegistrationLike, WorkerLike } from '../services/shell/shellWorker';

/** What the kiosk's host answers to the next update check. */
export type HostBuild = 'same build' | 'new build' | 'broken build' | 'unreachable' | 'silent' | 'slow build';

class FakeWorker extends EventTarget implements WorkerLike {
  state: ServiceWorkerState = 'installing';
  constructor(
    readonly build: number,
    private readonly onSkipWaiting: (worker: FakeWorker) => void,
  ) {
    super();
  }
  postMessage = vi.fn((message: unknown) => {
    if ((message as { type?: string }).type === 'SKIP_WAITING') this.onSkipWaiting(this);
  });
  /** Moves to `state` a moment later, as the browser does; `andThen` updates the registration before the event. */
  become(state: ServiceWorkerState, andThen: () => void = () => undefined) {
    setTimeout(() => {
      this.state = state;
      andThen();
      this.dispatchEvent(new Event('statechange'));
    }, 1);
  }
}

/**
 * navigator.serviceWorker and its registration, played by hand: what the host
 * serves is set with `host`, and workers go through installing, installed,
 * activating, activated or redundant as the browser's do.
 */
export function createFakeServiceWorkerContainer() {
  let serving: HostBuild = 'same build';
  let builds = 1;
  let controller: FakeWorker | null = null;

  const skipWaiting = (worker: FakeWorker) => {
    worker.become('activated', () => {
      registration.waiting = null;
      registration.active = worker;
      controller = worker;
    });
  };

  const registration: RegistrationLike & { installing: FakeWorker | null; waiting: FakeWorker | null; active: FakeWorker | null } = {
    installing: null,
    waiting: null,
    active: null,
    update: vi.fn(async () => {
      if (serving === 'unreachable') throw new TypeError('Failed to update a ServiceWorker: network error');
      // A network cut off somewhere on the way: no answer at all.
      if (serving === 'silent') await new Promise(() => undefined);
      if (serving === 'same build') return;
      const worker = new FakeWorker(++builds, skipWaiting);
      registration.installing = worker;
      if (serving === 'slow build') return;
      const installed = serving !== 'broken build';
      worker.become(installed ? 'installed' : 'redundant', () => {
        registration.installing = null;
        if (installed) registration.waiting = worker;
      });
    }),
  };
  let registered = false;

  const container = {
    get controller() {
      return controller;
    },
    register: vi.fn(async (_url: string, _options: RegistrationOptions): Promise<RegistrationLike | undefined> => {
      if (!registered) {
        registered = true;
        registration.active = new FakeWorker(1, skipWaiting);
        registration.active.state = 'activated';
      }
      return registration;
    }),
    getRegistration: vi.fn(async () => (registered ? registration : undefined)),
  } satisfies ContainerLike;

  return {
    container,
    registration,
    /** Sets what the host serves from now on. */
    host(build: HostBuild) {
      serving = build;
    },
    /** Plays a page that the first build's worker controls (a later start of the panel). */
    controlPage() {
      registered = true;
      registration.active ??= Object.assign(new FakeWorker(1, skipWaiting), { state: 'activated' as const });
      controller = registration.active;
    },
    /** The build the page would get at a reload: that of the controlling worker, 0 without one. */
    buildServed: () => controller?.build ?? 0,
  };
}
