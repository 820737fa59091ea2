import { configureStore } from '@reduxjs/toolkit';
import { listenForAccessQueue } from '../features/access-queue/accessQueueListeners';
import { listenForCalls } from '../features/call/callListeners';
import { listenForCheckIn } from '../features/check-in/checkInListeners';
import { listenForCodeLock } from '../features/code-lock/codeLockListeners';
import { listenForDiagnostics } from '../features/diagnostics/diagnosticsListeners';
import { listenForDirectory } from '../features/directory/directoryListeners';
import { listenForGate } from '../features/gate/gateListeners';
import { createGateSignalMiddleware } from '../features/gate/gateSignal';
import { listenForHardware } from '../features/hardware/hardwareListeners';
import { listenForMessages } from '../features/messages/messageListeners';
import { listenForPasses } from '../features/passes/passListeners';
import { listenForNotificationExpiry } from '../features/notifications/notificationListeners';
import { listenForPropertyAge } from '../features/property/propertyAgeListeners';
import { listenForPropertyPolling } from '../features/property/propertyListeners';
import { listenForQrScan } from '../features/qr/qrListeners';
import { listenForRealtime } from '../features/realtime/realtimeListeners';
import { listenForRecentCalls } from '../features/recent-calls/recentCallsListeners';
import { createAppListenerMiddleware } from '../store/listenerMiddleware';
import { listenForReloadAfterNotification } from './reloadAfterNotification';
import { rootReducer, type RootState } from './rootReducer';
import type { Services } from '../store/services';

/** A fresh store per page (and per test); `dispose` stops every running effect. */
export function makeStore(services: Services, preloadedState?: Partial<RootState>) {
  const listeners = createAppListenerMiddleware(services);
  for (const listen of [
    listenForPropertyPolling,
    listenForPropertyAge,
    listenForCheckIn,
    listenForAccessQueue,
    listenForRealtime,
    listenForHardware,
    listenForGate,
    listenForNotificationExpiry,
    listenForReloadAfterNotification,
    listenForDirectory,
    listenForQrScan,
    listenForPasses,
    listenForRecentCalls,
    listenForCalls,
    listenForCodeLock,
    listenForDiagnostics,
    listenForMessages,
  ]) {
    listen(listeners.startListening);
  }
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // The gate's signal first: a valid code opens the gate before anything else hears of it.
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: services } }).prepend(createGateSignalMiddleware(services), listeners.middleware),
  });
  return Object.assign(store, { dispose: () => listeners.clearListeners() });
}

export type AppStore = ReturnType<typeof makeStore>;
