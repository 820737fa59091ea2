import { loadOnce } from './loadOnce';

describe('loadOnce', () => {
  it('loads on the first call only, and hands every caller the same result', async () => {
    const load = vi.fn(async () => ({ client: 1 }));
    const get = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([get(), get()]);
    expect(await get()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares a load in flight: a second call does not start another', () => {
    const load = vi.fn(() => new Promise<number>(() => undefined));
    const get = loadOnce(load);
    expect(get()).toBe(get());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rejects every caller of a failed load, then tries again on the next call', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn().mockRejectedValueOnce(offline).mockResolvedValue('module');
    const get = loadOnce<string>(load);
    const attempts = [get(), get()];
    await expect(attempts[0]).rejects.toBe(offline);
    await expect(attempts[1]).rejects.toBe(offline);
    expect(load).toHaveBeenCalledTimes(1);

    await expect(get()).resolves.toBe('module');
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
