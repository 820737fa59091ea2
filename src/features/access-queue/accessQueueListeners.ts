import { whileAppRuns, type AppListenerApi, type AppStartListening } from '../../app/listenerMiddleware';
import { accessRequestsSendingChanged, onlineChanged, selectIsOnline, selectSendingAccessRequests } from '../app-status/appStatusSlice';
import { accessRequestQueued, accessRequestsAccepted, parseAcceptedRequests, selectQueuedAccessRequests } from './accessQueueSlice';

export const ACCESS_QUEUE_INTERVAL_MS = 30000;
/** A short pause after an enqueue, so a burst of reads goes out as one batch. */
export const ACCESS_QUEUE_SOON_MS = 1000;

/** Items per POST: a queue grown over a long outage goes out in several sends, none too big for the server. */
export const ACCESS_QUEUE_BATCH_SIZE = 500;

/**
 * Sends the queue as it stands, 500 items a POST, one after another; each
 * answer removes only what the server echoed back. A failed send ends the
 * round (the rest waits for the next); items the server did not accept do
 * not hold back the ones after them.
 */
async function sendQueue({ dispatch, getState, extra: { api, logger } }: AppListenerApi): Promise<void> {
  const state = getState();
  const queued = selectQueuedAccessRequests(state);
  if (queued.length === 0 || selectSendingAccessRequests(state) || !selectIsOnline(state)) return;
  dispatch(accessRequestsSendingChanged(true));
  let sent = 0;
  let accepted = 0;
  try {
    for (let start = 0; start < queued.length; start += ACCESS_QUEUE_BATCH_SIZE) {
      const batch = queued.slice(start, start + ACCESS_QUEUE_BATCH_SIZE);
      const echoed = parseAcceptedRequests(await api.sendAccessRequests(batch));
      const before = selectQueuedAccessRequests(getState()).length;
      dispatch(accessRequestsAccepted(echoed));
      sent += batch.length;
      accepted += before - selectQueuedAccessRequests(getState()).length;
    }
  } catch (error) {
    logger.error('Access requests could not be sent', error);
  } finally {
    if (accepted < sent) logger.error('Some access requests were not accepted', { sent, accepted });
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
