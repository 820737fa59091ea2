import { isRecord } from '../../services/json';

/**
 * The stored list of notifications, each still to be read (null: no list).
 * notificationsStored reads each; the first frame, before the bundle runs,
 * only whether one would cover home: this module stays free of the
 * reader's schemas for it.
 */
export const storedNotifications = (stored: unknown): unknown[] | null => (isRecord(stored) && Array.isArray(stored.items) ? stored.items : null);
