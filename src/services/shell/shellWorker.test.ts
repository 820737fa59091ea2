import { createFakeServiceWorkerContainer } from '../../testing/fakeServiceWorker';
import { createShellWorker } from './shellWorker';

function setup({ installTimeoutMs = 2_000, checkTimeoutMs = 2_000 } = {}) {
  const sw = createFakeServiceWorkerContainer();
  const log = vi.fn();
  const shell = createShellWorker({ url: '/sw.js', container: sw.container, log, checkTimeoutMs, installTimeoutMs, activateTimeoutMs: 2_000 });
  return { sw, log, shell };
}

describe('shell worker', () => {
  it('does nothing where there is no worker: a development build, or no secure context', async () => {
    const sw = createFakeServiceWorkerContainer();
    for (const shell of [
      createShellWorker({ url: null, container: sw.container, log: vi.fn() }),
      createShellWorker({ url: '/sw.js', container: undefined, log: vi.fn() }),
    ]) {
      shell.register();
      await shell.takeNewest();
      expect(shell.controlsPage()).toBe(false);
    }
    expect(sw.container.register).not.toHaveBeenCalled();
  });

  it('registers the worker for the whole site, its script never from the HTTP cache, and looks for a newer build', async () => {
    const { sw, shell } = setup();
    shell.register();
    await vi.waitFor(() => expect(sw.registration.update).toHaveBeenCalledTimes(1));
    expect(sw.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('reports a registration that fails and goes on', async () => {
    const { sw, log, shell } = setup();
    sw.container.register.mockRejectedValueOnce(new DOMException('The operation is insecure.', 'SecurityError'));
    shell.register();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('The kiosk could not be kept for offline use', expect.any(DOMException)));
  });

  it('takes a browser that switches registration off (resolving with nothing) quietly', async () => {
    const { sw, log, shell } = setup();
    sw.container.register.mockResolvedValueOnce(undefined);
    shell.register();
    await vi.waitFor(() => expect(sw.container.register).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log).not.toHaveBeenCalled();
  });

  it('says whether a worker serves the page', () => {
    const { sw, shell } = setup();
    expect(shell.controlsPage()).toBe(false);
    sw.controlPage();
    expect(shell.controlsPage()).toBe(true);
  });

  it('takeNewest: a new build on the host is installed, then serves the page', async () => {
    const { sw, log, shell } = setup();
    sw.controlPage();
    sw.host('new build');
    await shell.takeNewest();
    expect(sw.buildServed()).toBe(2);
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    ['broken build', 'The new kiosk build could not be installed; the cached build stays'],
    ['unreachable', 'No newer kiosk build could be fetched'],
  ] as const)('takeNewest: a %s on the host leaves the cached build serving', async (build, message) => {
    const { sw, log, shell } = setup();
    sw.controlPage();
    sw.host(build);
    await shell.takeNewest();
    expect(sw.buildServed()).toBe(1);
    expect(log).toHaveBeenCalledWith(message, ...(build === 'unreachable' ? [expect.any(TypeError)] : []));
  });

  it('takeNewest: the same build on the host changes nothing', async () => {
    const { sw, log, shell } = setup();
    sw.controlPage();
    await shell.takeNewest();
    expect(sw.buildServed()).toBe(1);
    expect(log).not.toHaveBeenCalled();
  });

  it('takeNewest: a build still installing after the wait stays out; the cached one serves', async () => {
    const { sw, shell } = setup({ installTimeoutMs: 20 });
    sw.controlPage();
    sw.host('slow build');
    await shell.takeNewest();
    expect(sw.buildServed()).toBe(1);
  });

  it('takeNewest: a host that never answers is given up on; the cached build serves', async () => {
    const { sw, log, shell } = setup({ checkTimeoutMs: 20 });
    sw.controlPage();
    sw.host('silent');
    await shell.takeNewest();
    expect(sw.buildServed()).toBe(1);
    expect(log).toHaveBeenCalledWith('No newer kiosk build could be fetched', expect.any(Error));
  });

  it('activateWaiting: a build installed in the background takes over; without one nothing changes', async () => {
    const { sw, shell } = setup();
    sw.controlPage();
    await shell.activateWaiting();
    expect(sw.buildServed()).toBe(1);

    sw.host('new build');
    shell.register();
    await vi.waitFor(() => expect(sw.registration.waiting).not.toBeNull());
    expect(sw.buildServed()).toBe(1);
    await shell.activateWaiting();
    expect(sw.buildServed()).toBe(2);
  });
});
