import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createShellWorker } from '../shell/shellWorker';
import { createFakeServiceWorkerContainer } from '../../testing/fakeServiceWorker';
import { createPageControl } from './pageControl';

const origin = 'http://kiosk.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A page whose reload records the build the service worker would serve it. */
function setup({ href = `${origin}/?token=t&model=GEN2`, beforeReload = vi.fn(async (): Promise<unknown> => undefined) } = {}) {
  const sw = createFakeServiceWorkerContainer();
  const reloadedOnto: number[] = [];
  const reload = vi.fn(() => reloadedOnto.push(sw.buildServed()));
  const replace = vi.fn();
  const events = new EventTarget();
  const win = { fetch, location: { origin, href, reload, replace }, addEventListener: events.addEventListener.bind(events), removeEventListener: events.removeEventListener.bind(events) } as unknown as Window;
  const log = vi.fn();
  const shell = createShellWorker({ url: '/sw.js', container: sw.container, log, activateTimeoutMs: 2_000 });
  const page = createPageControl({ beforeReload, log, shell, win });
  return { sw, page, reload, replace, reloadedOnto, log, beforeReload, events };
}

const serverUp = () => server.use(http.head(`${origin}/`, () => new HttpResponse(null, { status: 200 })));
const serverDown = () => server.use(http.head(`${origin}/`, () => HttpResponse.error()));

describe('page control', () => {
  it('tells of a page brought back from the back-forward cache, not of one shown on its own load, until told to stop', () => {
    const { page, events } = setup();
    const restored = vi.fn();
    const stop = page.onRestored(restored);
    const pageshow = (persisted: boolean) => events.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));
    pageshow(false);
    pageshow(true);
    stop();
    pageshow(true);
    expect(restored).toHaveBeenCalledTimes(1);
  });

  it('saves state, then reloads when the kiosk server answers', async () => {
    serverUp();
    const { page, reload, beforeReload } = setup();
    page.reload();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(beforeReload).toHaveBeenCalledTimes(1);
    expect(beforeReload.mock.invocationCallOrder[0]).toBeLessThan(reload.mock.invocationCallOrder[0]!);
  });

  it('without a service worker, keeps the working page when the server is unreachable', async () => {
    serverDown();
    const { page, reload, log } = setup();
    page.reload();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Reload skipped: the kiosk server does not answer'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('with the service worker serving the page, reloads from its cache when the server is unreachable', async () => {
    serverDown();
    const { sw, page, reload, beforeReload } = setup();
    sw.controlPage();
    page.reload();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(beforeReload).toHaveBeenCalledTimes(1);
  });

  it('reload: a build the worker installed in the background is the one the page reloads onto', async () => {
    serverUp();
    const { sw, page, reloadedOnto } = setup();
    sw.controlPage();
    sw.host('new build');
    page.keepForOffline();
    await vi.waitFor(() => expect(sw.registration.waiting).not.toBeNull());
    page.reload();
    await vi.waitFor(() => expect(reloadedOnto).toEqual([2]));
  });

  it('reload does not wait for the host: a build it serves now comes in the background, for a later reload', async () => {
    serverUp();
    const { sw, page, reloadedOnto } = setup();
    sw.controlPage();
    sw.host('new build');
    page.reload();
    await vi.waitFor(() => expect(reloadedOnto).toEqual([1]));
    expect(sw.registration.update).not.toHaveBeenCalled();
  });

  it.each([
    ['new build', 2],
    ['broken build', 1],
    ['unreachable', 1],
  ] as const)('refresh with a %s on the host reloads onto build %d', async (build, expected) => {
    if (build === 'unreachable') serverDown();
    else serverUp();
    const { sw, page, reloadedOnto } = setup();
    sw.controlPage();
    sw.host(build);
    page.refresh();
    await vi.waitFor(() => expect(reloadedOnto).toEqual([expected]));
  });

  it('keeps the page while the state cannot be stored (the queue would be lost), and says so', async () => {
    serverUp();
    const beforeReload = vi.fn().mockRejectedValueOnce(new Error('storage full')).mockResolvedValue(undefined);
    const { page, reload, log } = setup({ beforeReload });
    page.reload();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Reload skipped: the stored state is not written yet', expect.any(Error)));
    expect(reload).not.toHaveBeenCalled();
    page.reload();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("restarts on the home screen, without the crashed screen's query", async () => {
    serverUp();
    const { page, replace, reload } = setup({ href: `${origin}/call?resident=11&token=t&model=GEN2#x` });
    page.reloadHome();
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith(`${origin}/`));
    expect(reload).not.toHaveBeenCalled();
  });

  it('one reload at a time', async () => {
    serverUp();
    const { page, reload } = setup();
    page.reload();
    page.refresh();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('gives the address without the token', () => {
    const { page } = setup();
    expect(page.href()).toBe(`${origin}/?model=GEN2`);
  });
});
