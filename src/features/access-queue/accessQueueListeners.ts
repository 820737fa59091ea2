import { whileAppRuns, type AppListenerApi, type AppStartListening } from '../../app/listenerMiddleware';
import { accessRequestsSendingChanged, onlineChanged, selectIsOnline, selectSendingAccessRequests } from '../app-status/appStatusSlice';
import { accessRequestQueued, accessRequestsAccepted, parseAcceptedRequests, selectQueuedAccessRequests } from './accessQueueSlice';

export const ACCESS_QUEUE_INTERVAL_MS = 30000;
/** A short pause after an enqueue, so a burst of reads goes out as one batch. */
export const ACCESS_QUEUE_SOON_MS = 1000;

/** Sends the whole queue as one batch; removes only what the server echoed back. */
async function sendQueue({ dispatch, getState, extra: { api, logger } }: AppListenerApi): Promise<void> {
  const state = getState();
  const batch = selectQueuedAccessRequests(state);
  if (batch.length === 0 || selectSendingAccessRequests(state) || !selectIsOnline(state)) return;
  dispatch(accessRequestsSendingChanged(true));
  try {
    const accepted = parseAcceptedRequests(await api.sendAccessRequests(batch));
    dispatch(accessRequestsAccepted(accepted));
    if (accepted.length < batch.length) logger.error('Some access requests were not accepted', { sent: batch.length, accepted: accepted.length });
  } catch (error) {
    logger.error('Access requests could not be sent', error);
  } finally {
    dispatch(accessRequestsSendingChanged(false));
  }
}

/** From appStarted until the middleware is cleared: a batch every 30 s, and soon after an enqueue or reconnect. */
export function listenForAccessQueue(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    for (;;) {
      await sendQueue(listener);
      await listener.delay(ACCESS_QUEUE_INTERVAL_MS);
    }
  });
  startListening({
    predicate: (action) => accessRequestQueued.match(action) || (onlineChanged.match(action) && action.payload),
    effect: async (_action, listener) => {
      listener.cancelActiveListeners();
      await listener.delay(ACCESS_QUEUE_SOON_MS);
      await sendQueue(listener);
    },
  });
}
