import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { appStarted } from '../../store/actions';
import { isRecord } from '../../services/json';

export type NotificationStatus = 'ERROR' | 'SUCCESS' | 'INFO';

export interface Notification {
  id: string;
  status: NotificationStatus;
  title: string;
  body?: string;
}

export interface NotificationsState {
  items: Notification[];
}

const initialState: NotificationsState = { items: [] };

export const NOTIFICATION_LIFETIME_MS = 5000;
/** The most notifications queued at once, the one showing included: a flood of refusals cannot hold the panel for minutes. */
export const NOTIFICATIONS_MAX = 5;

const sameAs = (a: Omit<Notification, 'id'>) => (b: Notification) => a.status === b.status && a.title === b.title && a.body === b.body;

function removeNotification(state: NotificationsState, { payload: id }: PayloadAction<string>) {
  state.items = state.items.filter((item) => item.id !== id);
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notificationPushed: {
      /**
       * Queued unless the same notification is already showing or queued (a
       * card refused again joins it). Beyond NOTIFICATIONS_MAX, the oldest
       * waiting one gives way: the one showing keeps its 5 s.
       */
      reducer(state, { payload }: PayloadAction<Notification>) {
        if (state.items.some(sameAs(payload))) return;
        state.items.push(payload);
        if (state.items.length > NOTIFICATIONS_MAX) state.items.splice(1, state.items.length - NOTIFICATIONS_MAX);
      },
      prepare: (notification: Omit<Notification, 'id'>) => ({ payload: { ...notification, id: nanoid() } }),
    },
    notificationPopped: removeNotification,
    /** Its 5 s are over: the page reload after a notification follows this (wired in src/app). */
    notificationExpired: removeNotification,
  },
  extraReducers: (builder) => {
    // A notification stored without its id (an older kiosk's, or a hand-edited store) gets one, so it expires like any other.
    builder.addCase(appStarted, (state) => {
      state.items.forEach((item, index) => {
        if (typeof item.id !== 'string') item.id = `restored-${index}`;
      });
    });
  },
  selectors: {
    selectCurrentNotification: (state): Notification | null => {
      const first: unknown = Array.isArray(state.items) ? state.items[0] : null;
      return isRecord(first) ? (first as unknown as Notification) : null;
    },
  },
});

export const { notificationPushed, notificationPopped, notificationExpired } = notificationsSlice.actions;
export const { selectCurrentNotification } = notificationsSlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    notifications: ReturnType<typeof notificationsSlice.reducer>;
  }
}
