import { appStarted } from '../../store/actions';
import type { AppStartListening } from '../../store/listenerMiddleware';
import type { RootState } from '../../app/rootReducer';
import { selectGateOpeningsInFlight } from '../gate/gateSlice';
import { NOTIFICATION_LIFETIME_MS, notificationPopped, selectCurrentNotification } from './notificationsSlice';

/** Longest wait for a gate opening still in flight before the reload cuts it off. */
export const RELOAD_WAIT_FOR_GATE_MS = 10000;

const currentId = (state: RootState) => selectCurrentNotification(state)?.id ?? null;

/**
 * Whenever a notification comes to the front: drop it after 5 s and reload
 * the page (a workaround for a memory leak on the panel's browser).
 */
export function listenForNotificationExpiry(startListening: AppStartListening): void {
  startListening({
    predicate: (action, current, previous) =>
      currentId(current) !== null && (appStarted.match(action) || currentId(current) !== currentId(previous)),
    effect: async (_action, listener) => {
      const id = currentId(listener.getState());
      if (id === null) return;
      await listener.delay(NOTIFICATION_LIFETIME_MS);
      listener.dispatch(notificationPopped(id));
      // Let a gate opening that is still being signalled finish first.
      const gateIdle = (state: RootState) => selectGateOpeningsInFlight(state) === 0;
      if (!gateIdle(listener.getState())) await listener.condition((_action, state) => gateIdle(state), RELOAD_WAIT_FOR_GATE_MS);
      // A notification shown meanwhile (a gate that failed, a queued one) reloads when it expires itself.
      if (currentId(listener.getState()) !== null || !listener.extra.reloadAfterNotification) return;
      listener.extra.page.reload();
    },
  });
}
