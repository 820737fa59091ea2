/**
 * The message queue: recorded messages kept in the panel's database until
 * the back end has them (docs/stored-state.md, docs/protocol.md "Messages").
 *
 * API, for every kind of message (a visitor's video after a call nobody
 * answered; a courier's delivery: a still picture and an optional clip):
 *
 *   const kept = await dispatch(queueMessage({
 *     callId,            // the back end's id of the call (required: the endpoint files the message under it)
 *     kind,              // 'visitor' | 'delivery'
 *     parts,             // [{ name, blob }]: one part is sent as the body with the blob's type;
 *                        // several as multipart/form-data, each part under its name ('picture', 'clip')
 *     residentName,      // who it is for, as the visitor was told
 *     recordedAt,        // ISO 8601
 *   }));
 *
 * `kept` is true once the message is in the database (only then may the
 * visitor be told it was sent: a notification's reload must not lose it),
 * false when it could not be kept (logged). Keeping it drops the oldest
 * others beyond MESSAGE_CAPS (20 messages, 50 MB), each reported to the
 * back-end log. `messageQueued` then wakes the sender
 * (`messageListeners.ts`): one upload at a time, oldest first, tried again
 * 30 s after a failure and after every reload, removed when the back end
 * answers 2xx (`messageDelivered`) or refuses it for good (`messageRefused`).
 *
 * A call that never got an id from the back end has nothing to file a
 * message under: no message is offered for it (src/features/call/messageOffer.ts).
 */
import { nanoid, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import type { MessageCaps, MessageHead, MessageKind, MessagePart, StoredMessage } from '../../services/messages/messageBox';
import type { RootState } from '../../store/rootState';
import type { Services } from '../../store/services';
import { messageQueued, type MessageNote } from './messageActions';

export type { MessageKind, MessagePart };

/** docs/stored-state.md: the most the panel keeps; beyond either, the oldest are dropped. */
export const MESSAGE_CAPS: MessageCaps = { count: 20, bytes: 50 * 1000 * 1000 };

/** A message to queue: everything but the kiosk's own id, which the queue gives it. */
export interface NewMessage {
  callId: string;
  kind: MessageKind;
  parts: MessagePart[];
  residentName: string;
  recordedAt: string;
}

export { messageDelivered, messageQueued, messageRefused, type MessageNote } from './messageActions';

const sizeOf = (parts: readonly MessagePart[]) => parts.reduce((sum, part) => sum + part.blob.size, 0);

/** What actions and log lines say of a kept message, with or without its bytes at hand. */
export const noteOf = ({ id, callId, kind, recordedAt, ...rest }: StoredMessage | MessageHead): MessageNote => ({
  id,
  callId,
  kind,
  recordedAt,
  bytes: 'bytes' in rest ? rest.bytes : sizeOf(rest.parts),
});

/** Keeps `message` in the panel's database; resolves with whether it is kept. */
export const queueMessage =
  (message: NewMessage): ThunkAction<Promise<boolean>, RootState, Services, UnknownAction> =>
  async (dispatch, _getState, { messages, logger: root }) => {
    const logger = root.child('messages');
    const stored = { ...message, id: nanoid() };
    try {
      const dropped = await messages.add(stored, MESSAGE_CAPS);
      if (dropped.length > 0) {
        logger.error('Messages were dropped: the panel keeps at most 20 messages or 50 MB', { dropped: dropped.map(noteOf) });
      }
    } catch (error) {
      logger.error('A message could not be kept', error);
      return false;
    }
    dispatch(messageQueued(noteOf(stored)));
    return true;
  };
