import { createListenerMiddleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from './rootReducer';
import type { Services } from './services';

export type AppDispatch = ThunkDispatch<RootState, Services, UnknownAction>;

export function createAppListenerMiddleware(services: Services) {
  return createListenerMiddleware<RootState, AppDispatch, Services>({ extra: services });
}

export type AppListenerMiddleware = ReturnType<typeof createAppListenerMiddleware>;
export type AppStartListening = AppListenerMiddleware['startListening'];
