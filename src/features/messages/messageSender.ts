import { TaskAbortError } from '@reduxjs/toolkit';
import { ApiError } from '../../services/api/apiError';
import type { StoredMessage } from '../../services/messages/messageBox';
import type { AppListenerApi } from '../../store/listenerMiddleware';
import { selectIsOnline } from '../connectivity/connectivitySlice';
import { messageDelivered, messageRefused } from './messageActions';
import { noteOf } from './messageQueue';

/*
 * The message sender's upload of one message, in a chunk of its own: the
 * welcome screen does not need it (messageListeners.ts fetches it once the app
 * has started).
 */

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
export async function sendOldest(listener: AppListenerApi, failures: Set<string>): Promise<boolean> {
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
