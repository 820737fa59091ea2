import { selectCardFlood, selectGateOpeningsInFlight, selectLastCardReadAt } from '../features/gate/gateSlice';
import { notificationExpired, selectCurrentNotification } from '../features/notifications/notificationsSlice';
import type { AppStartListening } from '../store/listenerMiddleware';
import type { RootState } from '../store/rootState';

/** Longest wait for a gate opening still in flight before the reload cuts it off. */
export const RELOAD_WAIT_FOR_GATE_MS = 10000;
/** The card reader must have sent nothing for this long: a read sent while the page reloads would be lost. */
export const READER_QUIET_MS = 2000;

const gateIdle = (state: RootState) => selectGateOpeningsInFlight(state) === 0;
const notificationShowing = (state: RootState) => (selectCurrentNotification(state)?.id ?? null) !== null;

/**
 * The page reload after each notification (a workaround for a memory leak on
 * the panel's browser): once it expired, and once a gate opening that is still
 * being signalled has finished (10 s at most), and once the card reader has
 * been quiet for 2 s (a flood over): reads that come while the page
 * reloads would be lost.
 */
export function listenForReloadAfterNotification(startListening: AppStartListening): void {
  startListening({
    actionCreator: notificationExpired,
    effect: async (_action, listener) => {
      // One reload: the latest expiry's.
      listener.cancelActiveListeners();
      if (!gateIdle(listener.getState())) await listener.condition((_action, state) => gateIdle(state), RELOAD_WAIT_FOR_GATE_MS);
      for (;;) {
        if (selectCardFlood(listener.getState())) await listener.condition((_action, state) => !selectCardFlood(state));
        const last = selectLastCardReadAt(listener.getState());
        const quietFor = last === null ? READER_QUIET_MS : listener.extra.clock().mono - last;
        if (quietFor >= READER_QUIET_MS) break;
        await listener.delay(READER_QUIET_MS - quietFor);
      }
      // A notification shown meanwhile (a gate that failed, a queued one) reloads when it expires itself.
      if (notificationShowing(listener.getState()) || !listener.extra.reloadAfterNotification) return;
      listener.extra.page.reload();
    },
  });
}
