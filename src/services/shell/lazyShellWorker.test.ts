import { createFakeServiceWorkerContainer } from '../../testing/fakeServiceWorker';
import { createLazyShellWorker } from './lazyShellWorker';
import { createShellWorker } from './shellWorker';

function setup() {
  const sw = createFakeServiceWorkerContainer();
  const log = vi.fn();
  const load = vi.fn(async () => createShellWorker({ url: '/sw.js', container: sw.container, log, activateTimeoutMs: 2_000 }));
  return { sw, log, load, shell: createLazyShellWorker(load, log) };
}

describe('service-worker client loaded at first use', () => {
  it('loads nothing until used, then once, and registers the worker through it', async () => {
    const { sw, load, shell } = setup();
    expect(load).not.toHaveBeenCalled();
    shell.register();
    await vi.waitFor(() => expect(sw.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' }));
    await shell.activateWaiting();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes no page as served by a worker before the client is here; a reload waits for it, then asks it', async () => {
    const { sw, shell } = setup();
    sw.controlPage();
    expect(shell.controlsPage()).toBe(false);
    await shell.activateWaiting();
    expect(shell.controlsPage()).toBe(true);
  });

  it('brings a new build in once loaded: takeNewest resolves only when it serves', async () => {
    const { sw, shell } = setup();
    sw.controlPage();
    sw.host('new build');
    await shell.takeNewest();
    expect(sw.buildServed()).toBe(2);
  });

  it('a client that cannot be loaded is logged and nothing else happens; the next use loads it again', async () => {
    const { sw, log, load, shell } = setup();
    const failure = new TypeError('Failed to fetch dynamically imported module');
    load.mockRejectedValueOnce(failure);
    shell.register();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('The service-worker client could not be loaded', failure));
    expect(sw.container.register).not.toHaveBeenCalled();
    expect(shell.controlsPage()).toBe(false);

    sw.controlPage();
    sw.host('new build');
    await expect(shell.takeNewest()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
    expect(sw.buildServed()).toBe(2);
  });
});
