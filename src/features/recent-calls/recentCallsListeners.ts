import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';
import { callCounted, recentCallsExpired, selectNextCallExpiry } from './recentCallsSlice';

/** From appStarted until the middleware is cleared: lowers each recent-call count when its time is up. */
export function listenForRecentCalls(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    for (;;) {
      listener.dispatch(recentCallsExpired(Date.now()));
      const next = selectNextCallExpiry(listener.getState());
      // Wake at the next expiry, or when a new call is counted.
      await listener.take(callCounted.match, Number.isFinite(next) ? Math.max(0, next - Date.now()) : undefined);
    }
  });
}
