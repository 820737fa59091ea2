import { delay, http, HttpResponse } from 'msw';
import { apiServer, API_URL, requestsTo, withApiServer } from '../../testing/apiServer';
import { ApiError, createApiClient } from './apiClient';
import { createRemoteLogger } from './remoteLogger';

withApiServer();

const client = (timeoutMs = 2000) => createApiClient({ baseUrl: API_URL, getToken: () => 'tok', timeoutMs });

describe('API client', () => {
  it('sends the bearer token and a JSON body to /api/<path>', async () => {
    await client().sendAccessRequests([{ user_code: '1', access_granted: true, created_at: 'x' }]);
    expect(requestsTo('telephone-entry/access-requests')).toEqual([
      {
        method: 'POST',
        path: '/api/telephone-entry/access-requests',
        authorization: 'Bearer tok',
        body: { requests: [{ user_code: '1', access_granted: true, created_at: 'x' }] },
      },
    ]);
  });

  it('a non-2xx answer is an ApiError with the status', async () => {
    apiServer.use(http.get(`${API_URL}/api/feature-flags`, () => new HttpResponse('no', { status: 503 })));
    await expect(client().getFeatureFlags()).rejects.toMatchObject({ name: 'ApiError', status: 503 });
  });

  it('a network error or a timeout is an ApiError without a status', async () => {
    apiServer.use(http.get(`${API_URL}/api/feature-flags`, () => HttpResponse.error()));
    await expect(client().getFeatureFlags()).rejects.toBeInstanceOf(ApiError);
    apiServer.use(http.get(`${API_URL}/api/telephone-entry/property`, () => delay('infinite')));
    await expect(client(50).getProperty()).rejects.toThrow(/timed out after 50 ms/);
  });

  it('an unparsable body is an ApiError', async () => {
    apiServer.use(http.get(`${API_URL}/api/feature-flags`, () => new HttpResponse('<html>', { status: 200 })));
    await expect(client().getFeatureFlags()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('remote logger', () => {
  it('posts message, meta and an ISO timestamp, and never throws when the API is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logger = createRemoteLogger(client(), () => new Date('2026-11-21T10:00:00Z'));
    logger.error('Something broke', new Error('boom'));
    await vi.waitFor(() =>
      expect(requestsTo('telephone-entry/logs').map((r) => r.body)).toEqual([
        { message: 'Something broke', meta: { name: 'Error', message: 'boom' }, timestamp: '2026-11-21T10:00:00.000Z' },
      ]),
    );
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/logs`, () => HttpResponse.error()));
    expect(() => logger.error('again')).not.toThrow();
  });
});
