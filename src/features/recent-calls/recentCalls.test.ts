import { configureStore } from '@reduxjs/toolkit';
import { appStarted } from '../../store/actions';
import { createAppListenerMiddleware } from '../../store/listenerMiddleware';
import { rootReducer, type RootState } from '../../app/rootReducer';
import { withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { listenForRecentCalls } from './recentCallsListeners';
import { callCounted, isCallThrottled, selectRecentCallCount } from './recentCallsSlice';

withApiServer();
withFakeTimers();

/** docs/rules.md#r9-3-2: a recent call stops counting after 3,600,000 ms. */
const HOUR = 3600000;

/** A store with the recent-call workflow alone: an hour of fake time without an hour of polling. */
function started(preloaded?: Partial<RootState>) {
  const listeners = createAppListenerMiddleware(createTestServices());
  listenForRecentCalls(listeners.startListening);
  const store = configureStore({ reducer: rootReducer, preloadedState: preloaded, middleware: (getDefault) => getDefault().prepend(listeners.middleware) });
  onTestFinished(() => listeners.clearListeners());
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
    expect(isCallThrottled(0)).toBe(false);
    expect(isCallThrottled(10)).toBe(false);
    expect(isCallThrottled(11)).toBe(true);
  });
});
