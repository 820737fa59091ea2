import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { appStarted } from '../../store/actions';
import { apiServer, API_URL, requestsTo, withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { rawProperty } from '../../testing/fixtures';
import { selectPropertyLoadedAt } from './propertyAgeSlice';
import { selectPropertyError, selectPropertyStatus } from './propertyLoadSlice';
import { propertyRefreshRequested, selectPropertyData, selectTwimlToken } from './propertySlice';
import { LATER_LISTENERS } from '../../app/laterListeners';

withApiServer();
withFakeTimers();
// The answer's reader loads with the first answer, a chunk of its own: loaded first here, as loading a module takes real time, which fake timers do not advance.
beforeAll(() => import('./parsePropertyResponse'));

const propertyPath = `${API_URL}/api/telephone-entry/property`;

/** The If-None-Match of each property request, in order (null: none sent). */
const conditions: (string | null)[] = [];
afterEach(() => {
  conditions.length = 0;
});

/**
 * A back end that tags its answer with `etag()` and answers 304 when asked
 * with the current tag, as an HTTP server with ETags does.
 */
function backEndWithETags(etag: () => string, body: () => ReturnType<typeof rawProperty> = () => rawProperty()) {
  apiServer.use(
    http.get(propertyPath, ({ request }) => {
      const asked = request.headers.get('if-none-match');
      conditions.push(asked);
      if (asked === etag()) return new HttpResponse(null, { status: 304, headers: { ETag: etag() } });
      return HttpResponse.json(body(), { headers: { ETag: etag() } });
    }),
  );
}

/** A back end without ETags, answering `text()` as it is. */
function backEndWithout(text: () => string) {
  apiServer.use(
    http.get(propertyPath, ({ request }) => {
      conditions.push(request.headers.get('if-none-match'));
      return new HttpResponse(text(), { headers: { 'Content-Type': 'application/json', 'Content-Length': String(new Blob([text()]).size) } });
    }),
  );
}

async function start() {
  const store = makeStore(createTestServices(), undefined, LATER_LISTENERS);
  store.dispatch(appStarted());
  onTestFinished(() => store.dispose());
  await vi.advanceTimersByTimeAsync(10);
  return store;
}

async function poll(store: Awaited<ReturnType<typeof start>>) {
  store.dispatch(propertyRefreshRequested());
  await vi.advanceTimersByTimeAsync(10);
}

/** A first start loads the data; a second store starts from it, as after a reload. */
/** A page started on the data the first one stored: with the answer it came from (as the kiosk stores it), or without (as an older kiosk did). */
async function restartWithStoredData({ withVersion = false } = {}) {
  const first = await start();
  const data = selectPropertyData(first.getState());
  const { version } = first.getState().property;
  first.dispose();
  const store = makeStore(createTestServices(), { property: { data, twimlToken: 'twiml-1', ...(withVersion ? { version } : {}) } }, LATER_LISTENERS);
  store.dispatch(appStarted());
  onTestFinished(() => store.dispose());
  await vi.advanceTimersByTimeAsync(10);
  return { data, store };
}

describe('a back end with ETags', () => {
  it('is asked with If-None-Match, and a 304 keeps the data object and counts as a good load', async () => {
    backEndWithETags(() => '"v1"');
    const store = await start();
    const first = selectPropertyData(store.getState());
    expect(first?.property.public_name).toBe('Maple Court');
    const loadedAt = selectPropertyLoadedAt(store.getState());

    apiServer.use(http.get(propertyPath, () => HttpResponse.json({ error: 'down' }, { status: 503 }), { once: true }));
    await poll(store);
    expect(selectPropertyError(store.getState())).toBe(true);

    await vi.advanceTimersByTimeAsync(5000);
    expect(conditions).toEqual([null, '"v1"']);
    expect(selectPropertyData(store.getState())).toBe(first);
    expect(selectPropertyError(store.getState())).toBe(false);
    expect(selectPropertyStatus(store.getState())).toBe('loaded');
    expect(selectPropertyLoadedAt(store.getState())).toBeGreaterThan(loadedAt ?? Infinity);
    expect(selectTwimlToken(store.getState())).toBe('twiml-1');
  });

  it('takes the new data when the tag has changed', async () => {
    let tag = '"v1"';
    let name = 'Maple Court';
    backEndWithETags(() => tag, () => rawProperty({ property: { id: 1, public_name: name } }));
    const store = await start();
    const first = selectPropertyData(store.getState());
    tag = '"v2"';
    name = 'Birch Hall';
    await poll(store);
    expect(conditions).toEqual([null, '"v1"']);
    expect(selectPropertyData(store.getState())).not.toBe(first);
    expect(selectPropertyData(store.getState())?.property.public_name).toBe('Birch Hall');
    await poll(store);
    expect(conditions).toEqual([null, '"v1"', '"v2"']);
  });

  it('a 304 when no data is held is a failed load: nothing breaks, and the retry asks in full', async () => {
    backEndWithETags(() => '"v1"');
    // A server that answers 304 to a request that named no version.
    apiServer.use(
      http.get(propertyPath, ({ request }) => {
        conditions.push(request.headers.get('if-none-match'));
        return new HttpResponse(null, { status: 304, headers: { ETag: '"v1"' } });
      }, { once: true }),
    );
    const store = await start();
    expect(selectPropertyData(store.getState())).toBeNull();
    expect(selectPropertyError(store.getState())).toBe(true);
    expect(requestsTo('telephone-entry/logs').map((r) => (r.body as { message: string }).message)).toContain('Property data could not be loaded');

    await vi.advanceTimersByTimeAsync(5000);
    expect(conditions).toEqual([null, null]);
    expect(selectPropertyData(store.getState())?.property.public_name).toBe('Maple Court');
  });

  it('data read back from storage without the answer it came from (an older kiosk stored none) is asked for in full', async () => {
    backEndWithETags(() => '"v1"');
    await restartWithStoredData();
    expect(conditions).toEqual([null, null]);
  });

  it('data read back with the answer it came from is asked about after a reload: a 304 keeps the stored data object', async () => {
    backEndWithETags(() => '"v1"');
    const { data, store } = await restartWithStoredData({ withVersion: true });
    expect(conditions).toEqual([null, '"v1"']);
    expect(selectPropertyData(store.getState())).toBe(data);
    expect(selectPropertyError(store.getState())).toBe(false);
  });
});

describe('a back end without ETags', () => {
  it('the same bytes keep the data object; other bytes replace it', async () => {
    let text = JSON.stringify(rawProperty());
    backEndWithout(() => text);
    const store = await start();
    const first = selectPropertyData(store.getState());
    await poll(store);
    expect(selectPropertyData(store.getState())).toBe(first);
    expect(selectPropertyError(store.getState())).toBe(false);

    text = JSON.stringify(rawProperty({ property: { id: 1, public_name: 'Birch Hall' } }));
    await poll(store);
    expect(selectPropertyData(store.getState())?.property.public_name).toBe('Birch Hall');
    const second = selectPropertyData(store.getState());
    await poll(store);
    expect(selectPropertyData(store.getState())).toBe(second);
    expect(conditions).toEqual([null, null, null, null]);
  });

  it('other bytes with the same data (a fresh twimlToken, another key order) keep the data object and take the token', async () => {
    let text = JSON.stringify(rawProperty());
    backEndWithout(() => text);
    const store = await start();
    const first = selectPropertyData(store.getState());
    // A new token, and the keys in another order, as another serializer might write them.
    text = JSON.stringify(Object.fromEntries(Object.entries(rawProperty({ twimlToken: 'twiml-2' })).reverse()));
    await poll(store);
    expect(selectPropertyData(store.getState())).toBe(first);
    expect(selectTwimlToken(store.getState())).toBe('twiml-2');
  });

  it('data read back from storage is kept when the first answer holds the same', async () => {
    backEndWithout(() => JSON.stringify(rawProperty()));
    const { data, store } = await restartWithStoredData();
    expect(selectPropertyData(store.getState())).toBe(data);
  });
});
