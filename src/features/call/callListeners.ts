import type { AppStartListening } from '../../store/listenerMiddleware';
import { notificationPushed } from '../notifications/notificationsSlice';
import { CALL_ERROR_NOTICE } from './callErrorNotice';
import { callEnded, callRequested } from './callEvents';

/**
 * Registered with the store for its lifetime: each callRequested runs one
 * call until it ends. A newer request ends the older call first; disposing
 * the store ends the call in progress.
 */
export function listenForCalls(startListening: AppStartListening): void {
  startListening({
    actionCreator: callRequested,
    effect: async ({ payload }, listener) => {
      listener.cancelActiveListeners();
      let engine: typeof import('./runCall');
      try {
        // The engine (and the routes behind it) loads with the first call, not with the first screen.
        engine = await listener.pause(import('./runCall'));
      } catch (error) {
        listener.extra.logger.child('call', { callId: payload.callId }).error('The call engine could not be loaded', error);
        listener.extra.sound.play(CALL_ERROR_NOTICE.sound);
        listener.dispatch(notificationPushed(CALL_ERROR_NOTICE.notification));
        listener.dispatch(callEnded({ callId: payload.callId, reason: 'error' }));
        return;
      }
      await engine.runCall(listener, payload);
    },
  });
}
