import { appStarted } from '../../store/actions';
import type { AppStartListening } from '../../store/listenerMiddleware';
import type { RootState } from '../../store/rootState';
import { NOTIFICATION_LIFETIME_MS, notificationExpired, selectCurrentNotification } from './notificationsSlice';

const currentId = (state: RootState) => selectCurrentNotification(state)?.id ?? null;

/**
 * Whenever a notification comes to the front: drop it after 5 s
 * (`notificationExpired`; the page reload that follows is the app's).
 */
export function listenForNotificationExpiry(startListening: AppStartListening): void {
  startListening({
    predicate: (action, current, previous) =>
      currentId(current) !== null && (appStarted.match(action) || currentId(current) !== currentId(previous)),
    effect: async (_action, listener) => {
      const id = currentId(listener.getState());
      if (id === null) return;
      await listener.delay(NOTIFICATION_LIFETIME_MS);
      listener.dispatch(notificationExpired(id));
    },
  });
}
