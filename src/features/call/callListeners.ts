import type { AppStartListening } from '../../app/listenerMiddleware';
import { callRequested } from './callEvents';
import { runCall } from './runCall';

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
      await runCall(listener, payload);
    },
  });
}
