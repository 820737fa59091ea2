import { configureStore } from '@reduxjs/toolkit';
import { listenForCalls } from '../features/call/callListeners';
import { listenForCodeLock } from '../features/code-lock/codeLockListeners';
import { listenForDiagnostics } from '../features/diagnostics/diagnosticsListeners';
import { listenForGate } from '../features/gate/gateListeners';
import { createGateSignalMiddleware } from '../features/gate/gateSignal';
import { listenForHardware } from '../features/hardware/hardwareListeners';
import { listenForNotificationExpiry } from '../features/notifications/notificationListeners';
import { createAppListenerMiddleware, type AppStartListening } from '../store/listenerMiddleware';
import { listenForPropertyPolling } from '../features/property/propertyListeners';
import { listenForPropertyAge } from '../features/property/propertyAgeListeners';
import { listenForReloadAfterNotification } from './reloadAfterNotification';
import { rootReducer, type RootState } from './rootReducer';
import type { Services } from '../store/services';

/** A feature's listeners, registered with the store's listener middleware. */
export type Listen = (startListening: AppStartListening) => void;

/** The listeners the first screen needs: the property's loading and age, the gate, the hardware, the code lock, the notifications, self-diagnosis and calls. */
const FIRST_SCREEN_LISTENERS: readonly Listen[] = [
  listenForPropertyPolling,
  listenForPropertyAge,
  listenForHardware,
  listenForGate,
  listenForNotificationExpiry,
  listenForReloadAfterNotification,
  listenForCalls,
  listenForCodeLock,
  listenForDiagnostics,
];

/**
 * A fresh store per page (and per test), with the first screen's listeners
 * and `later` (laterListeners.ts; a page joins them once loaded); `dispose`
 * stops every running effect.
 */
export function makeStore(services: Services, preloadedState?: Partial<RootState>, later: readonly Listen[] = []) {
  const listeners = createAppListenerMiddleware(services);
  const join = (listens: readonly Listen[]) => listens.forEach((listen) => listen(listeners.startListening));
  join([...FIRST_SCREEN_LISTENERS, ...later]);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // The gate's signal first: a valid code opens the gate before anything else hears of it.
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: services } }).prepend(createGateSignalMiddleware(services), listeners.middleware),
  });
  return Object.assign(store, { join, dispose: () => listeners.clearListeners() });
}

export type AppStore = ReturnType<typeof makeStore>;
