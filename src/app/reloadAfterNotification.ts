import { selectCardFlood, selectGateOpeningsInFlight } from '../features/gate/gateSlice';
import { notificationExpired, selectCurrentNotification } from '../features/notifications/notificationsSlice';
import type { AppStartListening } from '../store/listenerMiddleware';
import type { RootState } from './rootReducer';

/** Longest wait for a gate opening still in flight before the reload cuts it off. */
export const RELOAD_WAIT_FOR_GATE_MS = 10000;

const gateIdle = (state: RootState) => selectGateOpeningsInFlight(state) === 0;
const noFlood = (state: RootState) => !selectCardFlood(state);
const notificationShowing = (state: RootState) => (selectCurrentNotification(state)?.id ?? null) !== null;

/**
 * The page reload after each notification (a workaround for a memory leak on
 * the panel's browser): once it expired, and once a gate opening that is still
 * being signalled has finished (10 s at most), and once a flood of card
 * reads is over: reads that come while the page reloads would be lost.
 */
export function listenForReloadAfterNotification(startListening: AppStartListening): void {
  startListening({
    actionCreator: notificationExpired,
    effect: async (_action, listener) => {
      if (!gateIdle(listener.getState())) await listener.condition((_action, state) => gateIdle(state), RELOAD_WAIT_FOR_GATE_MS);
      if (!noFlood(listener.getState())) await listener.condition((_action, state) => noFlood(state));
      // A notification shown meanwhile (a gate that failed, a queued one) reloads when it expires itself.
      if (notificationShowing(listener.getState()) || !listener.extra.reloadAfterNotification) return;
      listener.extra.page.reload();
    },
  });
}
