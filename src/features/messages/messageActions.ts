import { createAction } from '@reduxjs/toolkit';
import type { MessageHead } from '../../services/messages/messageBox';

/* The message queue's actions (messageQueue.ts), apart: the sender's wake-up, in the welcome screen's bundle, needs no more of it. */

/** What an action says of a message: never its bytes (the store holds plain data). */
export type MessageNote = Omit<MessageHead, 'residentName'>;

/** A message is in the database, waiting for its upload. */
export const messageQueued = createAction<MessageNote, 'messages/queued'>('messages/queued');
/** The back end has it (a 2xx): it is removed. */
export const messageDelivered = createAction<MessageNote, 'messages/delivered'>('messages/delivered');
/** The back end refused it for good (docs/protocol.md): it is removed and logged. */
export const messageRefused = createAction<MessageNote & { status: number }, 'messages/refused'>('messages/refused');
