import { combineReducers } from '@reduxjs/toolkit';
import type { RootState } from '../store/rootState';
import { accessQueueSlice } from '../features/access-queue/accessQueueSlice';
import { callSlice } from '../features/call/callSlice';
import { codeLockSlice } from '../features/code-lock/codeLockSlice';
import { connectivitySlice } from '../features/connectivity/connectivitySlice';
import { diagnosticsSlice } from '../features/diagnostics/diagnosticsSlice';
import { gateSlice } from '../features/gate/gateSlice';
import { hardwareStatusSlice } from '../features/hardware/hardwareStatusSlice';
import { notificationsSlice } from '../features/notifications/notificationsSlice';
import { passUsesSlice } from '../features/passes/passUsesSlice';
import { featureFlagsSlice } from '../features/property/featureFlagsSlice';
import { propertyAgeSlice } from '../features/property/propertyAgeSlice';
import { propertyCoreSlice } from '../features/property/propertyCoreSlice';
import { propertyLoadSlice } from '../features/property/propertyLoadSlice';
import { propertySlice } from '../features/property/propertySlice';
import { recentCallsSlice } from '../features/recent-calls/recentCallsSlice';
import { sessionSlice } from '../features/session/sessionSlice';

export const rootReducer = combineReducers({
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [propertySlice.reducerPath]: propertySlice.reducer,
  [propertyCoreSlice.reducerPath]: propertyCoreSlice.reducer,
  [propertyAgeSlice.reducerPath]: propertyAgeSlice.reducer,
  [featureFlagsSlice.reducerPath]: featureFlagsSlice.reducer,
  [accessQueueSlice.reducerPath]: accessQueueSlice.reducer,
  [passUsesSlice.reducerPath]: passUsesSlice.reducer,
  [notificationsSlice.reducerPath]: notificationsSlice.reducer,
  [recentCallsSlice.reducerPath]: recentCallsSlice.reducer,
  [propertyLoadSlice.reducerPath]: propertyLoadSlice.reducer,
  [connectivitySlice.reducerPath]: connectivitySlice.reducer,
  [gateSlice.reducerPath]: gateSlice.reducer,
  [hardwareStatusSlice.reducerPath]: hardwareStatusSlice.reducer,
  [callSlice.reducerPath]: callSlice.reducer,
  [codeLockSlice.reducerPath]: codeLockSlice.reducer,
  [diagnosticsSlice.reducerPath]: diagnosticsSlice.reducer,
});

export type { RootState };

/** The parts combined here are exactly those the slices declare in RootState: a slice left out, or one not declared, fails the type check. */
type SameParts<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type CombinesEveryPart = Expect<SameParts<ReturnType<typeof rootReducer>, RootState>>;
type Expect<T extends true> = T;

/** The transient parts of the state, never stored: this page's loads, network, gate signals, hardware socket and call. */
export type TransientKey =
  | typeof propertyLoadSlice.reducerPath
  | typeof connectivitySlice.reducerPath
  | typeof gateSlice.reducerPath
  | typeof hardwareStatusSlice.reducerPath
  | typeof callSlice.reducerPath;
