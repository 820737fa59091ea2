import { delay, http, HttpResponse } from 'msw';
import { apiServer, API_URL, requestsTo, withApiServer } from '../../testing/apiServer';
import { BLOB_FROM_BYTES, createApiClient } from './apiClient';
import { ApiError } from './apiError';
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

  it('gives each call its own time limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    apiServer.use(http.all(`${API_URL}/api/*`, () => delay('infinite')));
    const api = createApiClient({ baseUrl: API_URL, getToken: () => 'tok' });
    const calls: Array<[string, () => Promise<unknown>, number]> = [
      ['feature-flags', () => api.getFeatureFlags(), 10_000],
      ['telephone-entry/property', () => api.getProperty(), 15_000],
      ['telephone-entry/access-requests', () => api.sendAccessRequests([]), 20_000],
      ['telephone-entry/checkin', () => api.checkIn(), 10_000],
      ['telephone-entry/logs', () => api.sendLog({ message: 'm', meta: null, timestamp: 't' }), 10_000],
      ['telephone-entry/calls', () => api.createCall({ resident_id: null, image_data: 'data:,', telnyx_enabled: false }), 15_000],
      ['telephone-entry/sip-call', () => api.startSipCall({ intercomCallId: 'c', pusherChannelName: 'p', tenantId: null, to: '+1', username: 'u' }), 10_000],
      ['telephone-entry/pusher/auth', () => api.authorizeChannel('1.2', 'private-x'), 10_000],
    ];
    for (const [path, start, limitMs] of calls) {
      const outcome = start().then(() => 'answered', (error: Error) => error.message);
      await vi.advanceTimersByTimeAsync(limitMs - 1);
      const early = await Promise.race([outcome, Promise.resolve('pending')]);
      await vi.advanceTimersByTimeAsync(1);
      expect([early, await outcome]).toEqual(['pending', expect.stringMatching(new RegExp(`^(GET|POST) ${path} failed: timed out after ${limitMs} ms$`))]);
    }
  });

  it('sends the channel authorization form-encoded, as pusher-js would', async () => {
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/pusher/auth`, () => HttpResponse.json({ auth: 'k:s' })));
    await expect(client().authorizeChannel('1.2', 'private-x')).resolves.toEqual({ auth: 'k:s' });
    expect(requestsTo('telephone-entry/pusher/auth')).toEqual([
      { method: 'POST', path: '/api/telephone-entry/pusher/auth', authorization: 'Bearer tok', body: 'socket_id=1.2&channel_name=private-x' },
    ]);
  });

  it('asks for the property with the held ETag and reads a 304, the same tag or the same bytes as unchanged', async () => {
    const asked: (string | null)[] = [];
    let answer = () => HttpResponse.json({ a: 1 }, { headers: { ETag: '"v1"' } });
    apiServer.use(
      http.get(`${API_URL}/api/telephone-entry/property`, ({ request }) => {
        asked.push(request.headers.get('if-none-match'));
        return answer();
      }),
    );
    const api = client();
    await expect(api.getProperty()).resolves.toEqual({ unchanged: false, body: { a: 1 }, version: { etag: '"v1"', fingerprint: null, size: 7 } });
    // A server that ignores If-None-Match but sends the same tag.
    await expect(api.getProperty({ etag: '"v1"', fingerprint: null, size: 7 })).resolves.toEqual({ unchanged: true });
    answer = () => new HttpResponse(null, { status: 304 });
    await expect(api.getProperty({ etag: '"v1"', fingerprint: null, size: 7 })).resolves.toEqual({ unchanged: true });
    expect(asked).toEqual([null, '"v1"', '"v1"']);

    answer = () => HttpResponse.json({ a: 1 });
    const full = await api.getProperty(null);
    expect(full).toMatchObject({ unchanged: false, version: { etag: null, fingerprint: expect.any(String) } });
    const version = full.unchanged ? null : full.version;
    await expect(api.getProperty(version)).resolves.toEqual({ unchanged: true });
    answer = () => HttpResponse.json({ a: 2 });
    await expect(api.getProperty(version)).resolves.toMatchObject({ unchanged: false, body: { a: 2 } });
    expect(asked.slice(3)).toEqual([null, null, null]);
  });

  it('reads a large property answer, or one of untold size, through a Blob, to the same effect', async () => {
    const body = { residents: Array.from({ length: 30_000 }, (_, id) => ({ id, directory_display_name: `Resident ${id}` })) };
    const text = JSON.stringify(body);
    expect(text.length).toBeGreaterThan(BLOB_FROM_BYTES);
    let told = true;
    apiServer.use(
      http.get(`${API_URL}/api/telephone-entry/property`, () =>
        new HttpResponse(text, { headers: told ? { 'Content-Length': String(text.length) } : {} }),
      ),
    );
    const api = client();
    const full = await api.getProperty();
    expect(full).toMatchObject({ unchanged: false, body });
    told = false;
    await expect(api.getProperty(full.unchanged ? null : full.version)).resolves.toEqual({ unchanged: true });
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

  it("tags a feature's lines with the feature and its fields in meta, so the back end's log can be filtered by them", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sendLog = vi.fn((_entry: { message: string; meta: unknown }) => Promise.resolve());
    const root = createRemoteLogger({ sendLog });
    const call = root.child('call', { callId: 'c-1' });
    call.error('Ringing failed', { detail: 'no answer' });
    call.error('Hung up', new Error('gone'));
    call.error('Text only', 'a string');
    root.child('gate').error('No meta');
    root.error('Untagged', { a: 1 });
    await vi.waitFor(() => expect(sendLog).toHaveBeenCalledTimes(5));
    expect(sendLog.mock.calls.map(([entry]) => [entry.message, entry.meta])).toEqual([
      ['Ringing failed', { feature: 'call', callId: 'c-1', detail: 'no answer' }],
      ['Hung up', { feature: 'call', callId: 'c-1', name: 'Error', message: 'gone' }],
      ['Text only', { feature: 'call', callId: 'c-1', detail: 'a string' }],
      ['No meta', { feature: 'gate' }],
      ['Untagged', { a: 1 }],
    ]);
  });

  it("prints what the kiosk recovered from as a console warning, not an error, and sends it with level 'warning' in meta", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sendLog = vi.fn((_entry: { message: string; meta: unknown }) => Promise.resolve());
    const root = createRemoteLogger({ sendLog });
    root.child('realtime').warn('Realtime event refused by the rate limit: sent again', { event: 'client-candidate' });
    root.warn('Untagged', 'a string');
    expect(warnings.mock.calls).toEqual([
      ['Realtime event refused by the rate limit: sent again', { feature: 'realtime', level: 'warning', event: 'client-candidate' }],
      ['Untagged', { level: 'warning', detail: 'a string' }],
    ]);
    expect(errors).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(sendLog).toHaveBeenCalledTimes(2));
    expect(sendLog.mock.calls.map(([entry]) => [entry.message, entry.meta])).toEqual([
      ['Realtime event refused by the rate limit: sent again', { feature: 'realtime', level: 'warning', event: 'client-candidate' }],
      ['Untagged', { level: 'warning', detail: 'a string' }],
    ]);
  });

  it("prints a long text of the meta shortened on the console and sends it whole (a lock report's photo)", async () => {
    const console_ = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sendLog = vi.fn((_entry: { message: string; meta: unknown }) => Promise.resolve());
    const photo = `data:image/jpeg;base64,${'A'.repeat(30_000)}`;
    createRemoteLogger({ sendLog }).child('code-lock').error('Code entry locked: too many refused codes', { refused: 5, photo });
    expect(console_).toHaveBeenCalledWith('Code entry locked: too many refused codes', {
      feature: 'code-lock',
      refused: 5,
      photo: `data:image/jpeg;base64,AAAAAAAAAAAAAAAAA… (30023 characters)`,
    });
    await vi.waitFor(() => expect(sendLog).toHaveBeenCalledTimes(1));
    expect(sendLog.mock.calls[0]?.[0].meta).toEqual({ feature: 'code-lock', refused: 5, photo });
  });

  it('sends at most 4 lines at once, the rest in turn; while the API hangs, at most 100 wait and more go to the console only', async () => {
    const console_ = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers: Array<() => void> = [];
    const sendLog = vi.fn((_entry: { message: string }) => new Promise<void>((resolve) => answers.push(resolve)));
    const logger = createRemoteLogger({ sendLog });
    for (let i = 1; i <= 110; i += 1) logger.error(`line ${i}`);
    const sent = () => sendLog.mock.calls.map(([entry]) => entry.message);
    expect(sent()).toEqual(['line 1', 'line 2', 'line 3', 'line 4']);
    expect(console_).toHaveBeenCalledTimes(110);
    // Each answer lets the next waiting line go, until the 104 kept are sent.
    while (answers.length > 0) {
      answers.splice(0).forEach((answer) => answer());
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(answers.length).toBeLessThanOrEqual(4);
    }
    expect(sendLog).toHaveBeenCalledTimes(104);
    expect(sent().at(-1)).toBe('line 104');
  });
});
