import { combineReducers } from '@reduxjs/toolkit';
import { accessQueueSlice } from '../features/access-queue/accessQueueSlice';
import { appStatusSlice } from '../features/app-status/appStatusSlice';
import { callSlice } from '../features/call/callSlice';
import { codeLockSlice } from '../features/code-lock/codeLockSlice';
import { diagnosticsSlice } from '../features/diagnostics/diagnosticsSlice';
import { notificationsSlice } from '../features/notifications/notificationsSlice';
import { featureFlagsSlice } from '../features/property/featureFlagsSlice';
import { propertySlice } from '../features/property/propertySlice';
import { recentCallsSlice } from '../features/recent-calls/recentCallsSlice';
import { sessionSlice } from '../features/session/sessionSlice';

export const rootReducer = combineReducers({
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [propertySlice.reducerPath]: propertySlice.reducer,
  [featureFlagsSlice.reducerPath]: featureFlagsSlice.reducer,
  [accessQueueSlice.reducerPath]: accessQueueSlice.reducer,
  [notificationsSlice.reducerPath]: notificationsSlice.reducer,
  [recentCallsSlice.reducerPath]: recentCallsSlice.reducer,
  [appStatusSlice.reducerPath]: appStatusSlice.reducer,
  [callSlice.reducerPath]: callSlice.reducer,
  [codeLockSlice.reducerPath]: codeLockSlice.reducer,
  [diagnosticsSlice.reducerPath]: diagnosticsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The transient parts of the state, never stored: this page's status and the call under way. */
export type TransientKey = typeof appStatusSlice.reducerPath | typeof callSlice.reducerPath;
