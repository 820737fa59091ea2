import { delay, http, HttpResponse } from 'msw';
import { appStarted } from '../../store/actions';
import { openPersistedStore } from '../../app/persistence/persistedStore';
import { makeStore } from '../../app/store';
import { apiServer, API_URL, backEnd, requestsTo, withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { rawProperty } from '../../testing/fixtures';
import { startedStore } from '../../testing/renderKiosk';
import { onlineChanged } from '../connectivity/connectivitySlice';
import { codeEntered, hardwareCodeRead } from '../gate/gateActions';
import { parsePropertyResponse } from '../property/parsePropertyResponse';
import { propertyLoaded, propertyRefreshRequested } from '../property/propertySlice';
import { accessRequestQueued, oldestQueuedAt, selectQueuedAccessRequests, type AccessRequest } from './accessQueueSlice';
import { withFakeTimers } from '../../testing/fakeTimers';
import { LATER_LISTENERS } from '../../app/laterListeners';

withApiServer();

const queuePath = `${API_URL}/api/telephone-entry/access-requests`;
const sentBatches = () => requestsTo('telephone-entry/access-requests').map((r) => (r.body as { requests: AccessRequest[] }).requests);
const request = (user_code: string, created_at = '2026-11-21T10:00:00.000Z'): AccessRequest => ({
  user_code,
  access_granted: true,
  created_at,
});

withFakeTimers();

const started = (property = rawProperty(), queued: AccessRequest[] = []) => startedStore({ property, preloaded: { accessQueue: { items: queued } } }).store;

describe('access-request queue', () => {
  it('records a typed code with the string code, the outcome and an ISO time', async () => {
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    const store = started();
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    store.dispatch(codeEntered({ code: '99999', source: 'keypad' }));
    expect(selectQueuedAccessRequests(store.getState())).toEqual([
      { user_code: '10001', access_granted: true, created_at: '2026-11-21T12:00:00.000Z' },
      { user_code: '99999', access_granted: false, created_at: '2026-11-21T12:00:00.000Z' },
    ]);
  });

  it('two refused reads of one card in one millisecond are two records, the second a millisecond later, and the back end keeps both', async () => {
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    const store = started();
    for (let read = 0; read < 3; read += 1) store.dispatch(hardwareCodeRead('99999'));
    store.dispatch(hardwareCodeRead('10001'));
    const times = ['2026-11-21T12:00:00.000Z', '2026-11-21T12:00:00.001Z', '2026-11-21T12:00:00.002Z'];
    expect(selectQueuedAccessRequests(store.getState())).toEqual([
      ...times.map((created_at) => ({ user_code: '99999', access_granted: false, created_at })),
      { user_code: '10001', access_granted: true, created_at: '2026-11-21T12:00:00.000Z' },
    ]);
    await vi.advanceTimersByTimeAsync(1100);
    expect(new Set(sentBatches().flat().map((r) => `${r.user_code} ${r.created_at}`)).size).toBe(4);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
  });

  it('sends one batch soon after an enqueue and removes what the server echoed', async () => {
    const store = started();
    await vi.advanceTimersByTimeAsync(10);
    store.dispatch(accessRequestQueued(request('10001')));
    store.dispatch(accessRequestQueued(request('10002')));
    await vi.advanceTimersByTimeAsync(1100);
    expect(sentBatches()).toEqual([[request('10001'), request('10002')]]);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('an answer that is not a list of requests removes nothing, and says none was accepted', async () => {
    apiServer.use(http.post(queuePath, () => HttpResponse.json({ ok: true })));
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([request('10001')]);
    expect(console.error).toHaveBeenCalledWith('Some access requests were not accepted', { feature: 'access-queue', sent: 1, accepted: 0 });
  });

  it('removes only items the answer matches on user_code, created_at and access_granted', async () => {
    apiServer.use(http.post(queuePath, () => HttpResponse.json([request('10001'), { ...request('10002'), access_granted: false }])));
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    store.dispatch(accessRequestQueued(request('10002')));
    await vi.advanceTimersByTimeAsync(1100);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([request('10002')]);
  });

  it('removes only the echoed one of two reads of one code made at different times (created_at tells them apart)', async () => {
    const first = request('10001', '2026-11-21T10:00:00.000Z');
    const second = request('10001', '2026-11-21T10:00:07.250Z');
    apiServer.use(http.post(queuePath, () => HttpResponse.json([first])));
    const store = started();
    store.dispatch(accessRequestQueued(first));
    store.dispatch(accessRequestQueued(second));
    await vi.advanceTimersByTimeAsync(1100);
    expect(sentBatches()).toEqual([[first, second]]);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([second]);
  });

  it('an echo of a time the kiosk never queued removes nothing', async () => {
    apiServer.use(http.post(queuePath, () => HttpResponse.json([request('10001', '2026-11-21T09:59:59.000Z')])));
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(1100);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([request('10001')]);
  });

  it.each([
    ['a network error', 'network'],
    ['a 503', { status: 503 }],
    ['a 200 that is not JSON', 'malformed'],
  ] as const)('keeps everything after %s, and delivers it once the back end is healthy again', async (_what, fault) => {
    backEnd.fail('telephone-entry/access-requests', fault, { times: 1 });
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(1100);
    expect(sentBatches()).toHaveLength(1);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([request('10001')]);
    await vi.advanceTimersByTimeAsync(30000);
    expect(sentBatches()).toEqual([[request('10001')], [request('10001')]]);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
  });

  it('a slow back end (answers after 1500 ms): the batch stays queued until the answer, then goes', async () => {
    backEnd.slow('telephone-entry/access-requests', 1500);
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(1000 + 1499);
    expect(sentBatches()).toEqual([[request('10001')]]);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([request('10001')]);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
    expect(sentBatches()).toHaveLength(1);
  });

  it('a burst of reads goes out as one batch, 1000 ms after the last of them', async () => {
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(600);
    store.dispatch(accessRequestQueued(request('10002')));
    await vi.advanceTimersByTimeAsync(999);
    expect(sentBatches()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sentBatches()).toEqual([[request('10001'), request('10002')]]);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
  });

  it('logs a batch the back end took only in part, and one it refused', async () => {
    apiServer.use(http.post(queuePath, () => HttpResponse.json([request('10001')])));
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    store.dispatch(accessRequestQueued(request('10002')));
    await vi.advanceTimersByTimeAsync(1000);
    expect(console.error).toHaveBeenCalledWith('Some access requests were not accepted', { feature: 'access-queue', sent: 2, accepted: 1 });
    apiServer.use(http.post(queuePath, () => HttpResponse.json({ error: 'down' }, { status: 500 })));
    await vi.advanceTimersByTimeAsync(30000);
    expect(console.error).toHaveBeenCalledWith('Access requests could not be sent', expect.objectContaining({ name: 'ApiError' }));
    expect(selectQueuedAccessRequests(store.getState())).toEqual([request('10002')]);
  });

  it('an empty queue sends nothing, at start or on the 30 s batch', async () => {
    started();
    await vi.advanceTimersByTimeAsync(61000);
    expect(sentBatches()).toEqual([]);
  });

  it('reads an echoed access_granted spelled 1/0, "1"/"0" or "true"/"false", and ignores malformed items', async () => {
    const denied = { ...request('99999'), access_granted: false };
    apiServer.use(
      http.post(queuePath, () =>
        HttpResponse.json({
          requests: [null, { ...request('10001'), access_granted: 1 }, { ...request('10002'), access_granted: 'true' }, { ...denied, access_granted: '0' }],
        }),
      ),
    );
    const store = started();
    for (const item of [request('10001'), request('10002'), denied, request('20001')]) store.dispatch(accessRequestQueued(item));
    await vi.advanceTimersByTimeAsync(1100);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([request('20001')]);
  });

  it('keeps everything when the send fails, and delivers it on the 30 s batch', async () => {
    apiServer.use(http.post(queuePath, () => HttpResponse.json({ error: 'down' }, { status: 500 })));
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(1100);
    expect(selectQueuedAccessRequests(store.getState())).toHaveLength(1);
    apiServer.resetHandlers();
    await vi.advanceTimersByTimeAsync(30000);
    expect(sentBatches().at(-1)).toEqual([request('10001')]);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
  });

  it('a back end that keeps failing is tried again 30 s after the failed send, not sooner', async () => {
    backEnd.fail('telephone-entry/access-requests', { status: 503 });
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBatches()).toHaveLength(1);
    // Nothing else the kiosk does meanwhile (here a property reload, with its actions) is a reason to send again.
    store.dispatch(propertyRefreshRequested());
    await vi.advanceTimersByTimeAsync(30000 - 1);
    expect(sentBatches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sentBatches()).toEqual([[request('10001')], [request('10001')]]);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([request('10001')]);
  });

  it('keeps everything when the send times out', async () => {
    apiServer.use(http.post(queuePath, async () => {
      await delay('infinite');
      return HttpResponse.json([]);
    }));
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(1100 + 2000);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([request('10001')]);
  });

  it('does not overlap sends, and items enqueued during a send stay for the next batch', async () => {
    let answered = 0;
    apiServer.use(
      http.post(queuePath, async ({ request: req }) => {
        const { requests } = (await req.json()) as { requests: AccessRequest[] };
        await delay(1500);
        answered += 1;
        return HttpResponse.json(requests);
      }),
    );
    const store = started();
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(1100);
    store.dispatch(accessRequestQueued(request('10002')));
    await vi.advanceTimersByTimeAsync(1100);
    expect(sentBatches()).toEqual([[request('10001')]]);
    expect(answered).toBe(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(answered).toBe(1);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([request('10002')]);
    // Queued during the send (answered at 2500 ms), it goes 1000 ms after that answer, not a round later.
    await vi.advanceTimersByTimeAsync(799);
    expect(sentBatches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1500);
    expect(sentBatches().at(-1)).toEqual([request('10002')]);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
  });

  it('drains a long backlog 500 items a POST, one send after another', async () => {
    const backlog = Array.from({ length: 1200 }, (_, i) => request(String(10000 + i)));
    const store = started(rawProperty(), backlog);
    await vi.waitFor(() => expect(selectQueuedAccessRequests(store.getState())).toEqual([]));
    expect(sentBatches().map((batch) => batch.length)).toEqual([500, 500, 200]);
    expect(sentBatches().flat()).toEqual(backlog);
  });

  it.each([
    [500, [500]],
    [1000, [500, 500]],
    [501, [500, 1]],
  ])('a backlog of %i items goes in POSTs of %j, and no empty POST after the last', async (size, posts) => {
    const backlog = Array.from({ length: size }, (_, i) => request(String(10000 + i)));
    const store = started(rawProperty(), backlog);
    await vi.waitFor(() => expect(selectQueuedAccessRequests(store.getState())).toEqual([]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBatches().map((batch) => batch.length)).toEqual(posts);
    expect(sentBatches().flat()).toEqual(backlog);
  });

  it('a read queued while a send is in flight goes 1000 ms after its answer, even with a refused item still queued', async () => {
    const refused = request('10000');
    apiServer.use(
      http.post(queuePath, async ({ request: req }) => {
        const { requests } = (await req.json()) as { requests: AccessRequest[] };
        await delay(1500);
        return HttpResponse.json(requests.filter((item) => item.user_code !== refused.user_code));
      }),
    );
    const store = started(rawProperty(), [refused]);
    await vi.advanceTimersByTimeAsync(500);
    expect(sentBatches()).toEqual([[refused]]);
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([refused, request('10001')]);
    // Answered at 1500 ms: the read queued meanwhile goes 1000 ms later, not on the 30 s round.
    await vi.advanceTimersByTimeAsync(999);
    expect(sentBatches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1500);
    expect(sentBatches()).toEqual([[refused], [refused, request('10001')]]);
    expect(selectQueuedAccessRequests(store.getState())).toEqual([refused]);
  });

  it('a batch that fails keeps it and the rest; the batches before it are delivered', async () => {
    let posts = 0;
    apiServer.use(
      http.post(queuePath, async ({ request: req }) => {
        posts += 1;
        if (posts === 2) return HttpResponse.json({ error: 'too busy' }, { status: 503 });
        const { requests } = (await req.json()) as { requests: AccessRequest[] };
        return HttpResponse.json(requests);
      }),
    );
    const backlog = Array.from({ length: 1100 }, (_, i) => request(String(10000 + i)));
    const store = started(rawProperty(), backlog);
    await vi.waitFor(() => expect(posts).toBe(2));
    await vi.advanceTimersByTimeAsync(10);
    expect(posts).toBe(2);
    expect(selectQueuedAccessRequests(store.getState())).toEqual(backlog.slice(500));
    await vi.advanceTimersByTimeAsync(30000);
    await vi.waitFor(() => expect(selectQueuedAccessRequests(store.getState())).toEqual([]));
    expect(sentBatches().map((batch) => batch.length)).toEqual([500, 500, 500, 100]);
  });

  it('items the server does not accept do not hold back the ones after them', async () => {
    apiServer.use(
      http.post(queuePath, async ({ request: req }) => {
        const { requests } = (await req.json()) as { requests: AccessRequest[] };
        return HttpResponse.json(requests.filter((item) => item.user_code !== '10000'));
      }),
    );
    const backlog = Array.from({ length: 501 }, (_, i) => request(String(10000 + i)));
    const store = started(rawProperty(), backlog);
    await vi.waitFor(() => expect(sentBatches()).toHaveLength(2));
    await vi.waitFor(() => expect(selectQueuedAccessRequests(store.getState())).toEqual([request('10000')]));
    expect(requestsTo('telephone-entry/logs').map((log) => log.body)).toContainEqual(
      expect.objectContaining({ message: 'Some access requests were not accepted', meta: { feature: 'access-queue', sent: 501, accepted: 500 } }),
    );
  });

  it('waits while offline and sends soon after coming back online', async () => {
    const store = started();
    store.dispatch(onlineChanged(false));
    store.dispatch(accessRequestQueued(request('10001')));
    await vi.advanceTimersByTimeAsync(61000);
    expect(sentBatches()).toEqual([]);
    store.dispatch(onlineChanged(true));
    await vi.advanceTimersByTimeAsync(1100);
    expect(sentBatches()).toEqual([[request('10001')]]);
  });

  it('records nothing for a clubhouse panel', () => {
    const base = rawProperty();
    const store = started({ ...base, property: { ...base.property, clubhouse_panel_id: 3 } });
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
  });

  it('records nothing before property data is loaded', () => {
    const store = makeStore(createTestServices(), undefined, LATER_LISTENERS);
    onTestFinished(() => store.dispose());
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    expect(selectQueuedAccessRequests(store.getState())).toEqual([]);
  });

  it('survives a reload: queued items come back from storage and are delivered', async () => {
    const open = async () => {
      const opened = openPersistedStore(localStorage, () => createTestServices(), null, LATER_LISTENERS);
      // Saving starts once the stored property data is read.
      await opened.ready;
      return opened.store;
    };
    const first = await open();
    const parsed = parsePropertyResponse(rawProperty());
    first.dispatch(propertyLoaded({ data: parsed.data, twimlToken: null }));
    first.dispatch(accessRequestQueued(request('10001')));
    first.dispose();

    const second = await open();
    onTestFinished(() => second.dispose());
    expect(selectQueuedAccessRequests(second.getState())).toEqual([request('10001')]);
    second.dispatch(appStarted());
    await vi.advanceTimersByTimeAsync(10);
    await vi.waitFor(() => expect(selectQueuedAccessRequests(second.getState())).toEqual([]));
    expect(sentBatches()).toEqual([[request('10001')]]);
  });
});

describe('the oldest queued request', () => {
  const request = (created_at: string): AccessRequest => ({ user_code: '10001', access_granted: false, created_at });

  it('is the earliest readable time, whatever the order; null when none can be read', () => {
    expect(oldestQueuedAt([request('2026-11-21T10:00:05.000Z'), request('2026-11-21T10:00:01Z'), request('not a time')])).toBe(Date.parse('2026-11-21T10:00:01Z'));
    expect(oldestQueuedAt([request('not a time')])).toBeNull();
    expect(oldestQueuedAt([])).toBeNull();
  });

  it('is found in a queue of 200,000 (a spread into Math.min throws a RangeError there)', () => {
    const queue = Array.from({ length: 200_000 }, (_, i) => request(new Date(Date.UTC(2026, 10, 21) + (200_000 - i) * 1_000).toISOString()));
    expect(oldestQueuedAt(queue)).toBe(Date.UTC(2026, 10, 21) + 1_000);
  });
});
