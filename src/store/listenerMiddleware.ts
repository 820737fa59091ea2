import { createListenerMiddleware, type ListenerEffectAPI, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { appStarted } from './actions';
import type { RootState } from '../store/rootState';
import type { Services } from './services';

export type AppDispatch = ThunkDispatch<RootState, Services, UnknownAction>;

/** Listeners get the services as `extra`; an effect that throws is logged to the back end (its workflow ends, the kiosk goes on). */
export function createAppListenerMiddleware(services: Services) {
  return createListenerMiddleware<RootState, AppDispatch, Services>({
    extra: services,
    onError: (error, { raisedBy }) => services.logger.child('app').error(`A listener failed (${raisedBy})`, error),
  });
}

export type AppListenerMiddleware = ReturnType<typeof createAppListenerMiddleware>;
export type AppStartListening = AppListenerMiddleware['startListening'];
export type AppListenerApi = ListenerEffectAPI<RootState, AppDispatch, Services>;

/**
 * An app-lifetime workflow: runs from appStarted until the middleware is
 * cleared (which cancels it; clean up in `finally`). A second appStarted restarts it.
 */
export function whileAppRuns(startListening: AppStartListening, workflow: (listener: AppListenerApi) => Promise<void>): void {
  startListening({
    actionCreator: appStarted,
    effect: async (_action, listener) => {
      listener.cancelActiveListeners();
      await workflow(listener);
    },
  });
}
