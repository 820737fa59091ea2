import { http, HttpResponse } from 'msw';
import { apiServer, API_URL, requestsTo, withApiServer } from '../../testing/apiServer';
import { BLOB_FROM_BYTES, createApiClient, type PropertyAnswer, type PropertyVersion } from './apiClient';
import { fingerprintOf } from './fingerprint';
import { runPropertyJob, type PropertyJob } from './propertyJob';
import { runInWorker, type PropertyWorker } from './propertyWorker';

withApiServer();

/** A property answer over the size from which it is read through a Blob. */
const largeProperty = (name: string) => ({
  property: { id: 1, name },
  residents: Array.from({ length: 30_000 }, (_, id) => ({ id, directory_display_name: `Resident ${id}` })),
});

/** The back end answers `answer()` to every property request, with its length and `headers`. */
function serve(answer: () => unknown, headers: () => Record<string, string> = () => ({})) {
  apiServer.use(
    http.get(`${API_URL}/api/telephone-entry/property`, () => {
      const text = JSON.stringify(answer());
      return new HttpResponse(text, { headers: { 'Content-Length': String(text.length), ...headers() } });
    }),
  );
}

/**
 * Workers that run the worker's own work (the same fetch, the same hash) or
 * fail as a worker does; each job and end is kept. They hash without Web
 * Crypto: jsdom's digest refuses a fetched answer's ArrayBuffer (another realm's).
 */
function fakeWorkers(behaviour: 'runs' | 'fails to load' | 'never answers' | 'cannot be made' = 'runs') {
  const made: Array<{ job: PropertyJob | null; terminated: boolean }> = [];
  const make = (): PropertyWorker => {
    if (behaviour === 'cannot be made') throw new DOMException('worker-src blocks it', 'SecurityError');
    const record = { job: null as PropertyJob | null, terminated: false };
    made.push(record);
    const worker: PropertyWorker = {
      onmessage: null,
      onerror: null,
      postMessage(job) {
        record.job = job;
        void (async () => {
          if (behaviour === 'fails to load') worker.onerror?.({ message: 'worker script failed to load' } as ErrorEvent);
          if (behaviour === 'runs') worker.onmessage?.({ data: await runPropertyJob(job, null) } as MessageEvent);
        })();
      },
      terminate: () => void (record.terminated = true),
    };
    return worker;
  };
  return { make, made, inWorker: (job: PropertyJob, signal: AbortSignal) => runInWorker(job, signal, make) };
}

const kinds = (made: Array<{ job: PropertyJob | null }>) => made.map(({ job }) => (job && 'blob' in job.source ? 'blob' : 'fetch'));
const versionOf = (answer: PropertyAnswer): PropertyVersion => {
  if (answer.unchanged) throw new Error('expected a changed answer');
  return answer.version;
};

describe('a large property answer without an ETag', () => {
  it('is hashed in a worker at the first load; the polls after it are fetched and compared by the worker itself', async () => {
    let name = 'Maple Court';
    serve(() => largeProperty(name));
    const workers = fakeWorkers();
    const api = createApiClient({ baseUrl: API_URL, getToken: () => 'tok', inWorker: workers.inWorker });

    const first = await api.getProperty(null);
    expect(first).toMatchObject({ unchanged: false, body: largeProperty('Maple Court') });
    const version = versionOf(first);
    const text = JSON.stringify(largeProperty('Maple Court'));
    expect(version).toEqual({ etag: null, fingerprint: await fingerprintOf(new TextEncoder().encode(text).buffer, null), size: text.length });
    expect(version.size).toBeGreaterThan(BLOB_FROM_BYTES);

    await expect(api.getProperty(version)).resolves.toEqual({ unchanged: true });
    name = 'Maple Court East';
    const renamed = await api.getProperty(version);
    expect(renamed).toMatchObject({ unchanged: false, body: { property: { id: 1, name: 'Maple Court East' } } });
    expect(versionOf(renamed).fingerprint).not.toBe(version.fingerprint);

    expect(kinds(workers.made)).toEqual(['blob', 'fetch', 'fetch']);
    expect(workers.made.every((worker) => worker.terminated)).toBe(true);
    // The worker's request is the page's: the same address, the bearer token, the held fingerprint.
    expect(workers.made[1]?.job).toEqual({
      source: { url: `${API_URL}/api/telephone-entry/property`, headers: { Accept: 'application/json', Authorization: 'Bearer tok' } },
      held: version.fingerprint,
      heldData: null,
    });
    expect(requestsTo('telephone-entry/property').map((request) => request.authorization)).toEqual(['Bearer tok', 'Bearer tok', 'Bearer tok']);
  });

  it('that gains an ETag is taken with it, and polled from the page after', async () => {
    let etag: Record<string, string> = {};
    serve(() => largeProperty('Maple Court'), () => etag);
    const workers = fakeWorkers();
    const api = createApiClient({ baseUrl: API_URL, getToken: () => 'tok', inWorker: workers.inWorker });
    const first = versionOf(await api.getProperty(null));
    etag = { ETag: '"v2"' };
    const tagged = await api.getProperty(first);
    expect(tagged).toMatchObject({ unchanged: false, version: { etag: '"v2"', fingerprint: null } });
    await expect(api.getProperty(versionOf(tagged))).resolves.toEqual({ unchanged: true });
    expect(kinds(workers.made)).toEqual(['blob', 'fetch']);
  });

  it.each(['fails to load', 'cannot be made'] as const)('is read on the page when the worker %s, to the same answers and one request a poll', async (behaviour) => {
    serve(() => largeProperty('Maple Court'));
    const api = createApiClient({ baseUrl: API_URL, getToken: () => 'tok', inWorker: fakeWorkers(behaviour).inWorker });
    const first = await api.getProperty(null);
    expect(first).toMatchObject({ unchanged: false, body: largeProperty('Maple Court') });
    await expect(api.getProperty(versionOf(first))).resolves.toEqual({ unchanged: true });
    expect(requestsTo('telephone-entry/property')).toHaveLength(2);
  });

  it('polled by the worker: a refusal, a lost connection and a hung answer are ApiErrors as on the page, and the worker ends', async () => {
    serve(() => largeProperty('Maple Court'));
    const workers = fakeWorkers();
    // Only the hung worker's client has a short deadline: a loaded machine can take over 200 ms to answer.
    const api = createApiClient({ baseUrl: API_URL, getToken: () => 'tok', inWorker: workers.inWorker });
    const version = versionOf(await api.getProperty(null));

    const refuse = (response: () => Response) => apiServer.use(http.get(`${API_URL}/api/telephone-entry/property`, response));
    refuse(() => HttpResponse.json({ error: 'down' }, { status: 503 }));
    await expect(api.getProperty(version)).rejects.toMatchObject({ name: 'ApiError', status: 503, message: 'GET telephone-entry/property answered 503' });
    refuse(() => HttpResponse.error());
    await expect(api.getProperty(version)).rejects.toMatchObject({ name: 'ApiError', status: null, message: expect.stringMatching(/^GET telephone-entry\/property failed: TypeError/) });

    const hung = fakeWorkers('never answers');
    const stuck = createApiClient({ baseUrl: API_URL, getToken: () => 'tok', timeoutMs: 200, inWorker: hung.inWorker });
    await expect(stuck.getProperty(version)).rejects.toMatchObject({ status: null, message: 'GET telephone-entry/property failed: timed out after 200 ms' });
    expect(hung.made).toEqual([{ job: expect.objectContaining({ held: version.fingerprint }), terminated: true }]);
    expect(workers.made.every((worker) => worker.terminated)).toBe(true);
  });
});

it('a small property answer never goes to the worker: starting one costs more than it saves', async () => {
  serve(() => ({ property: { id: 1, name: 'Maple Court' }, residents: [] }));
  const workers = fakeWorkers();
  const api = createApiClient({ baseUrl: API_URL, getToken: () => 'tok', inWorker: workers.inWorker });
  const first = versionOf(await api.getProperty(null));
  await expect(api.getProperty(first)).resolves.toEqual({ unchanged: true });
  expect(workers.made).toEqual([]);
});
