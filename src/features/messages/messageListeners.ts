import { TaskAbortError, type UnknownAction } from '@reduxjs/toolkit';
import { loadOnce } from '../../lib/loadOnce';
import { whileAppRuns, type AppListenerApi, type AppStartListening } from '../../store/listenerMiddleware';
import { onlineChanged } from '../connectivity/connectivitySlice';
import { messageQueued } from './messageActions';

/** After a failed upload (or while offline), the next try. */
export const MESSAGE_RETRY_MS = 30000;

/** The upload's code (messageSender.ts), fetched as the app starts; a failed fetch is tried again at the next round. */
const loadSender = loadOnce(() => import('./messageSender'));

/** The sender, or null (logged once a page) when its chunk cannot be fetched: the messages stay kept meanwhile. */
async function sender(listener: AppListenerApi, told: { failed: boolean }) {
  try {
    return await listener.pause(loadSender());
  } catch (error) {
    if (error instanceof TaskAbortError) throw error;
    if (!told.failed) listener.extra.logger.child('messages').error('The message sender could not be loaded: the messages stay kept, tried again in 30 s', error);
    told.failed = true;
    return null;
  }
}

/** A message queued, or the network back: worth a try before the next round. */
const wakesTheSender = (action: UnknownAction): boolean => messageQueued.match(action) || (onlineChanged.match(action) && action.payload);

/**
 * From appStarted until the middleware is cleared, one workflow uploads the
 * kept messages, oldest first, so there is never more than one upload in
 * flight: at start (what a reload interrupted), right after each one sent,
 * when one is queued or the network is back, and every 30 s (after a
 * failure, or a message queued while the database was being read).
 */
export function listenForMessages(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    const failures = new Set<string>();
    const told = { failed: false };
    for (;;) {
      const send = await sender(listener, told);
      if (!send || !(await send.sendOldest(listener, failures))) await listener.take(wakesTheSender, MESSAGE_RETRY_MS);
    }
  });
}
