import { afterFirstScreen } from '../../lib/afterFirstScreen';
import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';
import { gateSignalFailed, gateSignalled } from '../gate/gateActions';
import { selectCardFlood } from '../gate/gateSlice';
import { propertyLoadFailed } from '../property/propertyLoadSlice';
import { propertyLoaded } from '../property/propertySlice';
import { faultCleared, faultRaised, propertyLoadNoted, scrubDetail, selectPropertyFailingSince } from './diagnosticsSlice';

/** Property data failing for longer than this is a fault. */
export const PROPERTY_FAILING_MS = 5 * 60_000;

/**
 * Registered with the store for its lifetime: self-diagnosis
 * (docs/self-diagnosis.md). Property loads and the gate's signals are
 * followed from the start; the watchers of the other faults (faultWatch.ts,
 * which also reports the start with the engine) load after the first
 * screen, which needs none of them, and read what happened meanwhile from
 * the state.
 */
export function listenForDiagnostics(startListening: AppStartListening): void {
  // The failing clock is stored: the reload after a notification does not restart it.
  startListening({
    predicate: (action) => propertyLoaded.match(action) || propertyLoadFailed.match(action),
    effect: (action, { dispatch, getState }) => {
      const at = Date.now();
      const ok = propertyLoaded.match(action);
      dispatch(propertyLoadNoted({ ok, at }));
      if (ok) return void dispatch(faultCleared({ kind: 'property-load', at }));
      const since = selectPropertyFailingSince(getState()) ?? at;
      if (at - since > PROPERTY_FAILING_MS) {
        dispatch(faultRaised({ kind: 'property-load', detail: `failing for ${Math.floor((at - since) / 60_000)} min`, at: since }));
      }
    },
  });
  // The gate's outcome, as the gate announces it: a visitor may be let in before the first screen is idle.
  startListening({
    actionCreator: gateSignalled,
    effect: (_action, { dispatch }) => {
      dispatch(faultCleared({ kind: 'gate-signal', at: Date.now() }));
    },
  });
  startListening({
    actionCreator: gateSignalFailed,
    effect: ({ payload: reason }, { dispatch }) => {
      dispatch(faultRaised({ kind: 'gate-signal', detail: scrubDetail(reason), at: Date.now() }));
    },
  });
  // A flood of card reads (a daemon gone wrong, or someone at the reader's wires): one episode per flood.
  startListening({
    predicate: (_action, current, previous) => selectCardFlood(current) !== selectCardFlood(previous),
    effect: (_action, { dispatch, getState }) => {
      const at = Date.now();
      if (selectCardFlood(getState())) dispatch(faultRaised({ kind: 'card-flood', detail: 'more than 10 card reads a second', at }));
      else dispatch(faultCleared({ kind: 'card-flood', at }));
    },
  });
  whileAppRuns(startListening, async (listener) => {
    await listener.pause(afterFirstScreen());
    const { watchFaults } = await listener.pause(import('./faultWatch'));
    await watchFaults(startListening, listener);
  });
}
