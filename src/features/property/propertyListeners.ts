import { whileAppRuns, type AppListenerApi, type AppStartListening } from '../../store/listenerMiddleware';
import { propertyLoadFailed, propertyLoadStarted, selectPropertyError, selectPropertyRefreshPending } from '../property/propertyLoadSlice';
import { featureFlagsLoaded, parseFeatureFlags } from './featureFlagsSlice';
import { parsePropertyResponse } from './parsePropertyResponse';
import { propertyLoaded, propertyRefreshRequested, selectPropertyData } from './propertySlice';

export const PROPERTY_REFRESH_MS = 60000;
export const PROPERTY_RETRY_MS = 5000;
/** A back end sending thousands of bad records still gets one short log line a load. */
const LOGGED_PROBLEMS = 20;

const summarize = (problems: string[]): string[] =>
  problems.length <= LOGGED_PROBLEMS ? problems : [...problems.slice(0, LOGGED_PROBLEMS), `and ${problems.length - LOGGED_PROBLEMS} more`];

async function loadFeatureFlags({ dispatch, extra: { api, logger: root } }: AppListenerApi): Promise<void> {
  const logger = root.child('property');
  try {
    dispatch(featureFlagsLoaded(parseFeatureFlags(await api.getFeatureFlags())));
  } catch (error) {
    logger.error('Feature flags could not be loaded', error);
  }
}

/**
 * One property load; a failure keeps whatever good data is already held, and
 * bad records are skipped and logged in one line.
 * Unchanged data keeps its object, so nothing derived from it is rebuilt.
 */
async function loadProperty({ dispatch, getState, extra: { api, logger: root } }: AppListenerApi): Promise<void> {
  const logger = root.child('property');
  dispatch(propertyLoadStarted());
  try {
    const parsed = parsePropertyResponse(await api.getProperty());
    if (parsed.problems.length > 0) logger.error('Property data had malformed entries', summarize(parsed.problems));
    const held = selectPropertyData(getState());
    const data = held && JSON.stringify(held) === JSON.stringify(parsed.data) ? held : parsed.data;
    dispatch(propertyLoaded({ data, twimlToken: parsed.twimlToken }));
  } catch (error) {
    dispatch(propertyLoadFailed());
    logger.error('Property data could not be loaded', error);
  }
}

/**
 * From appStarted until the middleware is cleared: load now, then every 60 s
 * (5 s while in error) or on request; a request made during a load (the data
 * may have changed after the answer was written) loads once more at once.
 * Feature flags load with each property load, in a workflow of their own: a
 * hung flags call must not delay the next property load, and two never run at
 * once (a load started meanwhile is answered by the next).
 */
export function listenForPropertyPolling(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    for (;;) {
      await loadFeatureFlags(listener);
      await listener.take(propertyLoadStarted.match);
    }
  });
  whileAppRuns(startListening, async (listener) => {
    for (;;) {
      await loadProperty(listener);
      const state = listener.getState();
      if (selectPropertyRefreshPending(state)) continue;
      await listener.take(propertyRefreshRequested.match, selectPropertyError(state) ? PROPERTY_RETRY_MS : PROPERTY_REFRESH_MS);
    }
  });
}
