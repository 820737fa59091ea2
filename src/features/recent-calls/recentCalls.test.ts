import { appStarted } from '../../app/actions';
import { makeStore } from '../../app/store';
import { withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { callCounted, isCallThrottled, RECENT_CALL_LIMIT, RECENT_CALL_WINDOW_MS, selectRecentCallCount } from './recentCallsSlice';

withApiServer();
withFakeTimers();

const HOUR = RECENT_CALL_WINDOW_MS.production;

function started(preloaded?: Parameters<typeof makeStore>[1]) {
  const store = makeStore(createTestServices(), preloaded);
  onTestFinished(() => store.dispose());
  store.dispatch(appStarted());
  return store;
}

describe('recent calls', () => {
  it('counts calls per resident and for the manager, each going down after its window', async () => {
    vi.setSystemTime(0);
    const store = started();
    store.dispatch(callCounted({ target: '101', expiresAt: Date.now() + HOUR }));
    await vi.advanceTimersByTimeAsync(1000);
    store.dispatch(callCounted({ target: '101', expiresAt: Date.now() + HOUR }));
    store.dispatch(callCounted({ target: 'manager', expiresAt: Date.now() + HOUR }));
    expect(selectRecentCallCount(store.getState(), '101')).toBe(2);
    expect(selectRecentCallCount(store.getState(), 'manager')).toBe(1);

    await vi.advanceTimersByTimeAsync(HOUR - 1000);
    expect(selectRecentCallCount(store.getState(), '101')).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectRecentCallCount(store.getState(), '101')).toBe(0);
    expect(selectRecentCallCount(store.getState(), 'manager')).toBe(0);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(selectRecentCallCount(store.getState(), '101')).toBe(0);
    // Two hours of the whole app's polls and sends through msw: seconds of work on a loaded machine.
  }, 20_000);

  it('a count from before a reload still goes down on time', async () => {
    vi.setSystemTime(0);
    const store = started({ recentCalls: { expiries: { '101': [HOUR, 2 * HOUR] } } });
    expect(selectRecentCallCount(store.getState(), '101')).toBe(2);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(selectRecentCallCount(store.getState(), '101')).toBe(1);
  });

  it('calls expired while the kiosk was off are dropped at start', () => {
    vi.setSystemTime(10 * HOUR);
    const store = started({ recentCalls: { expiries: { '101': [HOUR], manager: [11 * HOUR] } } });
    expect(store.getState().recentCalls.expiries).toEqual({ manager: [11 * HOUR] });
  });

  it('more than 10 recent calls throttles', () => {
    expect(isCallThrottled(RECENT_CALL_LIMIT)).toBe(false);
    expect(isCallThrottled(RECENT_CALL_LIMIT + 1)).toBe(true);
  });
});
