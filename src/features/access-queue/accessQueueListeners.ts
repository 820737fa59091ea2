import type { UnknownAction } from '@reduxjs/toolkit';
import { whileAppRuns, type AppListenerApi, type AppStartListening } from '../../store/listenerMiddleware';
import { onlineChanged, selectIsOnline } from '../connectivity/connectivitySlice';
import { parseAcceptedRequests } from './acceptedRequests';
import { accessRequestQueued, accessRequestsAccepted, selectQueuedAccessRequests } from './accessQueueSlice';

export const ACCESS_QUEUE_INTERVAL_MS = 30000;
/** A short pause after an enqueue, so a burst of reads goes out as one batch. */
export const ACCESS_QUEUE_SOON_MS = 1000;

/** Items per POST: a queue grown over a long outage goes out in several sends, none too big for the server. */
export const ACCESS_QUEUE_BATCH_SIZE = 500;

/**
 * Sends the queue as it stands, 500 items a POST, one after another; each
 * answer removes only what the server echoed back. A failed send ends the
 * round (the rest waits for the next); items the server did not accept do
 * not hold back the ones after them. Resolves with how many of the items it
 * found are left: anything beyond was queued meanwhile (reads are only ever
 * added at the end).
 */
async function sendQueue({ dispatch, getState, extra: { api, logger: root } }: AppListenerApi): Promise<number> {
  const logger = root.child('access-queue');
  const state = getState();
  const queued = selectQueuedAccessRequests(state);
  if (queued.length === 0 || !selectIsOnline(state)) return queued.length;
  let sent = 0;
  let accepted = 0;
  try {
    for (let start = 0; start < queued.length; start += ACCESS_QUEUE_BATCH_SIZE) {
      const batch = queued.slice(start, start + ACCESS_QUEUE_BATCH_SIZE);
      const echoed = parseAcceptedRequests(await api.sendAccessRequests(batch));
      const before = selectQueuedAccessRequests(getState()).length;
      dispatch(accessRequestsAccepted({ sent: batch, echoed }));
      sent += batch.length;
      accepted += before - selectQueuedAccessRequests(getState()).length;
    }
  } catch (error) {
    logger.error('Access requests could not be sent', error);
  } finally {
    if (accepted < sent) logger.error('Some access requests were not accepted', { sent, accepted });
  }
  return queued.length - accepted;
}

/** A read queued, or the network back: worth a send before the next 30 s round. */
const wakesTheQueue = (action: UnknownAction): boolean => accessRequestQueued.match(action) || (onlineChanged.match(action) && action.payload);

/**
 * From appStarted until the middleware is cleared, one workflow sends the
 * queue, so two sends never overlap: at start, then every 30 s, or 1 s after
 * a read is queued (during a send too) or the network comes back (1 s after
 * the last of a burst, so the burst goes as one batch).
 */
export function listenForAccessQueue(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    for (;;) {
      const left = await sendQueue(listener);
      // Read here, just before waiting: a read queued while the send was under way (or before the first wait) was not seen by take().
      const queuedMeanwhile = selectQueuedAccessRequests(listener.getState()).length > left;
      if (queuedMeanwhile || (await listener.take(wakesTheQueue, ACCESS_QUEUE_INTERVAL_MS))) {
        while (await listener.take(wakesTheQueue, ACCESS_QUEUE_SOON_MS));
      }
    }
  });
}
