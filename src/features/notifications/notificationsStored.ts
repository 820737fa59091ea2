import { nanoid } from '@reduxjs/toolkit';
import * as v from 'valibot';
import { parseEach } from '../../services/api/answerSchemas';
import { excerpt, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { notificationsSlice, type NotificationsState } from './notificationsSlice';
import { storedNotifications } from './storedNotifications';

const notification = v.object({
  id: v.optional(v.string(), () => nanoid()),
  status: v.picklist(['ERROR', 'SUCCESS', 'INFO']),
  title: v.string(),
  body: v.optional(v.string()),
});

/** The queue of notifications, as stored (docs/stored-state.md). */
export const notificationsStored: StoredPart<NotificationsState, 'notifications'> = {
  key: notificationsSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'localStorage',
  read(stored) {
    const list = storedNotifications(stored);
    if (!list) return { state: { items: [] }, problems: [`notifications: no list of items (${excerpt(stored)})`] };
    const { items, problems } = parseEach(notification, list, 'notifications.items');
    return { state: { items }, problems };
  },
};
