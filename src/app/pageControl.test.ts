import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createPageControl } from './pageControl';

const origin = 'http://kiosk.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function fakeWindow(href = `${origin}/?token=t&model=GEN2`) {
  const reload = vi.fn();
  const replace = vi.fn();
  return { reload, replace, win: { fetch, location: { origin, href, reload, replace } } as unknown as Window };
}

describe('page control', () => {
  it('saves state, then reloads when the kiosk server answers', async () => {
    server.use(http.head(`${origin}/`, () => new HttpResponse(null, { status: 200 })));
    const { win, reload } = fakeWindow();
    const beforeReload = vi.fn(async () => undefined);
    createPageControl({ beforeReload, log: vi.fn(), win }).reload();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(beforeReload).toHaveBeenCalledTimes(1);
  });

  it('keeps the working page when the server is unreachable', async () => {
    server.use(http.head(`${origin}/`, () => HttpResponse.error()));
    const { win, reload } = fakeWindow();
    const log = vi.fn();
    createPageControl({ beforeReload: async () => undefined, log, win }).reload();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Reload skipped: the kiosk server does not answer'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps the page while the state cannot be stored (the queue would be lost), and says so', async () => {
    server.use(http.head(`${origin}/`, () => new HttpResponse(null, { status: 200 })));
    const { win, reload } = fakeWindow();
    const log = vi.fn();
    const beforeReload = vi.fn().mockRejectedValueOnce(new Error('storage full')).mockResolvedValue(undefined);
    const page = createPageControl({ beforeReload, log, win });
    page.reload();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Reload skipped: the stored state is not written yet', expect.any(Error)));
    expect(reload).not.toHaveBeenCalled();
    page.reload();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('restarts on the home screen, without the crashed screen\'s query', async () => {
    server.use(http.head(`${origin}/`, () => new HttpResponse(null, { status: 200 })));
    const { win, replace, reload } = fakeWindow(`${origin}/call?resident=11&token=t&model=GEN2#x`);
    createPageControl({ beforeReload: async () => undefined, log: vi.fn(), win }).reloadHome();
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith(`${origin}/`));
    expect(reload).not.toHaveBeenCalled();
  });

  it('gives the address without the token', () => {
    const { win } = fakeWindow();
    expect(createPageControl({ beforeReload: async () => undefined, log: vi.fn(), win }).href()).toBe(`${origin}/?model=GEN2`);
  });
});
