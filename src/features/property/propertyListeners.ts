import { whileAppRuns, type AppListenerApi, type AppStartListening } from '../../store/listenerMiddleware';
import { propertyLoadFailed, propertyLoadStarted, selectPropertyError, selectPropertyRefreshPending } from '../property/propertyLoadSlice';
import { featureFlagsLoaded, parseFeatureFlags } from './featureFlagsSlice';
import { propertyLoaded, propertyRefreshRequested, selectPropertyData, selectPropertyVersion } from './propertySlice';
import { nextTask } from '../../lib/nextTask';
import { sameData } from './sameData';

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

/** A 304, or an answer the client judged unchanged, to a load that held no data to keep. */
class NothingHeld extends Error {
  override name = 'NothingHeld';
}

/**
 * One property load; a failure keeps whatever good data is already held, and
 * bad records are skipped and logged in one line. The back end is asked about
 * the answer the held data came from (its version, stored with the data, so
 * also after a reload). An answer the client finds unchanged (a 304 to
 * `If-None-Match`, the same ETag, the same bytes) is not parsed: the held data
 * object is kept, so nothing derived from it is rebuilt, and the load counts
 * as a success; so is it when a new answer parses to the same data.
 */
async function loadProperty({ dispatch, getState, extra: { api, logger: root } }: AppListenerApi): Promise<void> {
  const logger = root.child('property');
  dispatch(propertyLoadStarted());
  // The answer's reader (its schemas) is a chunk of its own, out of the first screen: fetched while the back end answers.
  const reader = import('./parsePropertyResponse');
  reader.catch(() => undefined);
  try {
    const held = selectPropertyData(getState());
    const known = selectPropertyVersion(getState());
    const answer = await api.getProperty(known);
    if (answer.unchanged) {
      if (!held || !known) throw new NothingHeld('The back end said the property data is unchanged, but none was asked about');
      dispatch(propertyLoaded({ data: held, twimlToken: null, version: known }));
      return;
    }
    // A large answer was read in the property worker, which also told whether its data is the held data;
    // it is taken in a task after the worker's last message, and stored in a task after this one (saver.ts).
    // takeRead loads with the first such answer, as the worker's own code does: most properties never need it.
    const inWorker = 'read' in answer ? (await import('./takeRead')).takeRead(answer, held) : null;
    if (inWorker) await nextTask();
    const parsed = inWorker ?? (await reader).parsePropertyResponse('body' in answer ? answer.body : null);
    if (parsed.problems.length > 0) logger.error('Property data had malformed entries', summarize(parsed.problems));
    // New bytes may hold the same data: a fresh twimlToken, data read back from storage. The held object is kept.
    const data = inWorker || !held || !sameData(held, parsed.data) ? parsed.data : held;
    const version = inWorker ? { ...answer.version, data: inWorker.digest } : answer.version;
    dispatch(propertyLoaded({ data, twimlToken: parsed.twimlToken, version }));
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
