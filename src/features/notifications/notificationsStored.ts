import { nanoid } from '@reduxjs/toolkit';
import { isRecord } from '../../services/json';
import { excerpt, readEach, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { notificationsSlice, type Notification, type NotificationsState } from './notificationsSlice';
import { storedNotifications } from './storedNotifications';

const STATUSES: readonly unknown[] = ['ERROR', 'SUCCESS', 'INFO'];

/** A stored notification: its status and title, its body if it has one, and its id (a new one if it had none). */
function readNotification(value: unknown): Notification | undefined {
  if (!isRecord(value) || !STATUSES.includes(value.status) || typeof value.title !== 'string') return undefined;
  const { id = nanoid(), body } = value;
  if (typeof id !== 'string' || !(body === undefined || typeof body === 'string')) return undefined;
  return { id, status: value.status as Notification['status'], title: value.title, ...(body === undefined ? {} : { body }) };
}

/** The queue of notifications, as stored (docs/stored-state.md). */
export const notificationsStored: StoredPart<NotificationsState, 'notifications'> = {
  key: notificationsSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'localStorage',
  read(stored) {
    const list = storedNotifications(stored);
    if (!list) return { state: { items: [] }, problems: [`notifications: no list of items (${excerpt(stored)})`] };
    const { items, problems } = readEach(list, readNotification, 'notifications.items');
    return { state: { items }, problems };
  },
};
