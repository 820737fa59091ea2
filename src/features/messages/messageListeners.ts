import { TaskAbortError, type UnknownAction } from '@reduxjs/toolkit';
import { ApiError } from '../../services/api/apiClient';
import type { StoredMessage } from '../../services/messages/messageBox';
import { whileAppRuns, type AppListenerApi, type AppStartListening } from '../../store/listenerMiddleware';
import { onlineChanged, selectIsOnline } from '../connectivity/connectivitySlice';
import { messageDelivered, messageQueued, messageRefused, noteOf } from './messageQueue';

/** After a failed upload (or while offline), the next try. */
export const MESSAGE_RETRY_MS = 30000;

/**
 * Answers that will not change however often the message is sent: a back end
 * without the endpoint (404, 405, 501), a call it does not know (404, 410), a
 * body it will not take (400, 413, 415, 422). The message is dropped and
 * logged; anything else (no answer, 5xx, 401, 408, 429) keeps it.
 */
const REFUSED = new Set([400, 404, 405, 410, 413, 415, 422, 501]);

/** One part as the body itself, with its type; several as multipart/form-data, each under its name. */
export function uploadBody(parts: StoredMessage['parts']): Blob | FormData {
  if (parts.length === 1) return (parts[0] as StoredMessage['parts'][number]).blob;
  const form = new FormData();
  for (const { name, blob } of parts) form.append(name, blob, name);
  return form;
}

/** The oldest message sent once: true when it is off the queue (delivered or refused), false when none is kept or it waits for the next try. */
async function sendOldest(listener: AppListenerApi, failures: Set<string>): Promise<boolean> {
  const { extra, getState, dispatch } = listener;
  const logger = extra.logger.child('messages');
  let message: StoredMessage | null;
  try {
    message = await listener.pause(extra.messages.oldest());
  } catch (error) {
    if (error instanceof TaskAbortError) throw error;
    logger.error('The kept messages could not be read', error);
    return false;
  }
  if (!message || !selectIsOnline(getState())) return false;
  const note = noteOf(message);
  try {
    await listener.pause(extra.api.sendMessage({ callId: message.callId, id: message.id, kind: message.kind, recordedAt: message.recordedAt, body: uploadBody(message.parts) }));
    await listener.pause(extra.messages.remove(message.id));
    dispatch(messageDelivered(note));
    return true;
  } catch (error) {
    if (error instanceof TaskAbortError) throw error;
    if (error instanceof ApiError && error.status !== null && REFUSED.has(error.status)) {
      await listener.pause(extra.messages.remove(message.id));
      logger.error('The back end refused a message: it is dropped', { ...note, status: error.status });
      dispatch(messageRefused({ ...note, status: error.status }));
      return true;
    }
    // Once per message and page: an outage would otherwise log every 30 s.
    if (!failures.has(message.id)) logger.error('A message could not be sent: kept, and tried again', { ...note, error: String(error) });
    failures.add(message.id);
    return false;
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
    for (;;) {
      if (!(await sendOldest(listener, failures))) await listener.take(wakesTheSender, MESSAGE_RETRY_MS);
    }
  });
}
