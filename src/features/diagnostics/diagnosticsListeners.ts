import { afterFirstScreen } from '../../lib/afterFirstScreen';
import { engineMeta } from '../../services/browser/engine';
import { appStarted } from '../../store/actions';
import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';
import { propertyLoadFailed } from '../property/propertyLoadSlice';
import { propertyLoaded } from '../property/propertySlice';
import { faultCleared, faultRaised, propertyLoadNoted, selectPropertyFailingSince } from './diagnosticsSlice';

/** Property data failing for longer than this is a fault. */
export const PROPERTY_FAILING_MS = 5 * 60_000;

/**
 * Registered with the store for its lifetime: self-diagnosis
 * (docs/self-diagnosis.md). The start is reported with the engine, property
 * loads are timed from the start; the watchers of the other faults
 * (faultWatch.ts) load after the first screen,
 * which needs none of them, and read what happened meanwhile from the state.
 * The gate feature raises its own fault.
 */
export function listenForDiagnostics(startListening: AppStartListening): void {
  // The engine, once per start of the kiosk in this browser: not again at the reload after each notification.
  startListening({
    actionCreator: appStarted,
    effect: (_action, { extra: { api, browser } }) => {
      if (browser.reloaded) return;
      const meta = { feature: 'diagnostics', ...engineMeta(browser.engine), userAgent: browser.userAgent };
      api.sendLog({ message: 'Kiosk started', meta, timestamp: new Date().toISOString() }).catch(() => undefined);
    },
  });
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
  whileAppRuns(startListening, async (listener) => {
    await listener.pause(afterFirstScreen());
    const { watchFaults } = await listener.pause(import('./faultWatch'));
    await watchFaults(startListening, listener);
  });
}
