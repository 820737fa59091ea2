import { delay, http, HttpResponse } from 'msw';
import { appStarted } from '../../store/actions';
import { makeStore } from '../../app/store';
import { apiServer, API_URL, requestsTo, withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { LATER_LISTENERS } from '../../app/laterListeners';

withApiServer();

withFakeTimers();

describe('check-in', () => {
  it('posts a check-in with no body at start and every 30 s, through failures', async () => {
    const store = makeStore(createTestServices(), undefined, LATER_LISTENERS);
    onTestFinished(() => store.dispose());
    store.dispatch(appStarted());
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/checkin')).toEqual([
      { method: 'POST', path: '/api/telephone-entry/checkin', authorization: 'Bearer test-token', body: null },
    ]);
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/checkin`, () => HttpResponse.error()));
    await vi.advanceTimersByTimeAsync(29900);
    expect(requestsTo('telephone-entry/checkin')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(requestsTo('telephone-entry/checkin')).toHaveLength(2);
    apiServer.resetHandlers();
    await vi.advanceTimersByTimeAsync(30000);
    expect(requestsTo('telephone-entry/checkin')).toHaveLength(3);
    store.dispose();
    await vi.advanceTimersByTimeAsync(90000);
    expect(requestsTo('telephone-entry/checkin')).toHaveLength(3);
  });

  it('keeps to every 30 s from the start of each check-in when one hangs until its time limit', async () => {
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/checkin`, () => delay('infinite')));
    // The test services give every call 2 s.
    const store = makeStore(createTestServices(), undefined, LATER_LISTENERS);
    onTestFinished(() => store.dispose());
    store.dispatch(appStarted());
    await vi.advanceTimersByTimeAsync(29_900);
    expect(requestsTo('telephone-entry/checkin')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(requestsTo('telephone-entry/checkin')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(requestsTo('telephone-entry/checkin')).toHaveLength(3);
  });
});
