import { appStarted } from '../../app/actions';
import type { AppStartListening } from '../../app/listenerMiddleware';
import type { Services } from '../../app/services';
import { propertyLoadFailed, propertyLoadStarted, selectPropertyError } from '../app-status/appStatusSlice';
import { featureFlagsLoaded, parseFeatureFlags } from './featureFlagsSlice';
import { parsePropertyResponse } from './parsePropertyResponse';
import { propertyLoaded, propertyRefreshRequested } from './propertySlice';
import type { AppDispatch } from '../../app/listenerMiddleware';

export const PROPERTY_REFRESH_MS = 60000;
export const PROPERTY_RETRY_MS = 5000;

async function loadFeatureFlags(dispatch: AppDispatch, { api, logger }: Services): Promise<void> {
  try {
    dispatch(featureFlagsLoaded(parseFeatureFlags(await api.getFeatureFlags())));
  } catch (error) {
    logger.error('Feature flags could not be loaded', error);
  }
}

/** One property load; a failure keeps whatever good data is already held. */
async function loadProperty(dispatch: AppDispatch, { api, logger }: Services): Promise<void> {
  dispatch(propertyLoadStarted());
  try {
    const parsed = parsePropertyResponse(await api.getProperty());
    if (parsed.problems.length > 0) logger.error('Property data had malformed entries', parsed.problems);
    dispatch(propertyLoaded({ data: parsed.data, twimlToken: parsed.twimlToken }));
  } catch (error) {
    dispatch(propertyLoadFailed());
    logger.error('Property data could not be loaded', error);
  }
}

/** From appStarted until the middleware is cleared: load now, then every 60 s (5 s while in error) or on request. */
export function listenForPropertyPolling(startListening: AppStartListening): void {
  startListening({
    actionCreator: appStarted,
    effect: async (_action, listener) => {
      listener.cancelActiveListeners();
      for (;;) {
        await Promise.all([loadProperty(listener.dispatch, listener.extra), loadFeatureFlags(listener.dispatch, listener.extra)]);
        const wait = selectPropertyError(listener.getState()) ? PROPERTY_RETRY_MS : PROPERTY_REFRESH_MS;
        await listener.take(propertyRefreshRequested.match, wait);
      }
    },
  });
}
