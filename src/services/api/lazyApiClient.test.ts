import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../lib/loadOnce';
import { createApiClient, type ApiClient } from './apiClient';
import { createLazyApiClient } from './lazyApiClient';

const date = 'Sun, 29 Nov 2026 03:00:00 GMT';

function realClient(fetchImpl: typeof fetch): ApiClient {
  return createApiClient({ baseUrl: 'https://api.example.test', getToken: () => 'token-1', fetchImpl, timeoutMs: 1000 });
}

describe('createLazyApiClient', () => {
  it('loads the client at the first call and sends that call through it, with its arguments', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 204, headers: { Date: date } }));
    const load = vi.fn(async () => realClient(fetchImpl));
    const api = createLazyApiClient(loadOnce(load));
    expect(load).not.toHaveBeenCalled();
    expect(api.serverDate?.()).toBeNull();

    await api.sendAccessRequests([{ user_code: '10001', access_granted: true, created_at: '2026-11-29 03:00:00' }]);
    await api.checkIn();

    expect(load).toHaveBeenCalledTimes(1);
    const [sent, checkedIn] = fetchImpl.mock.calls;
    expect(String(sent?.[0])).toBe('https://api.example.test/api/telephone-entry/access-requests');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ requests: [{ user_code: '10001', access_granted: true, created_at: '2026-11-29 03:00:00' }] });
    expect(String(checkedIn?.[0])).toBe('https://api.example.test/api/telephone-entry/checkin');
    // The loaded client's date of its last answer.
    expect(api.serverDate?.()).not.toBeNull();
  });

  it('fails a call whose code cannot be fetched, and fetches it again for the next call', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    const load = vi
      .fn<() => Promise<ApiClient>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(async () => realClient(fetchImpl));
    const api = createLazyApiClient(loadOnce(load));

    await expect(api.checkIn()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(fetchImpl).not.toHaveBeenCalled();
    await api.checkIn();
    expect(load).toHaveBeenCalledTimes(2);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('passes on every method of the client', async () => {
    const client = createApiClient({ baseUrl: 'https://x.test/', getToken: () => null });
    const names = Object.keys(client).filter((name) => name !== 'serverDate').sort();
    const lazy = createLazyApiClient(async () => client);
    expect(Object.keys(lazy).filter((name) => name !== 'serverDate').sort()).toEqual(names);
  });
});
