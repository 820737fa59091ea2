import { appStarted } from '../../app/actions';
import { whileAppRuns, type AppListenerApi, type AppStartListening } from '../../app/listenerMiddleware';
import { english, type MessageKey } from '../../strings/catalogue';
import { selectQueuedAccessRequests } from '../access-queue/accessQueueSlice';
import { hardwareStatusChanged, propertyLoadFailed, selectHardwareSocket } from '../app-status/appStatusSlice';
import { callCreated, callFailed } from '../call/callEvents';
import { propertyLoaded } from '../property/propertySlice';
import { qrCameraStarted, qrScannerFailed } from '../qr/qrActions';
import {
  faultCleared,
  faultRaised,
  faultReported,
  propertyLoadNoted,
  selectActiveFault,
  selectPropertyFailingSince,
  selectUnreportedFaults,
  scrubDetail,
  type Fault,
} from './diagnosticsSlice';

/** A socket not connected for this long (the gate's own retry window) is a fault. */
export const HARDWARE_GRACE_MS = 10_000;
/** Property data failing for longer than this is a fault. */
export const PROPERTY_FAILING_MS = 5 * 60_000;
/** An access request waiting longer than this means the backlog is growing. */
export const BACKLOG_AGE_MS = 5 * 60_000;
/** How often the queue's age is looked at (its sends are every 30 s too). */
export const BACKLOG_CHECK_MS = 30_000;

/** The back end's log line for a fault, in English like every log line. */
export function faultLogLine(fault: Fault) {
  return {
    message: `Self-diagnosis: ${english(`fault.${fault.kind}` as MessageKey)}`,
    meta: { fault: fault.kind, detail: fault.detail, since: new Date(fault.since).toISOString() },
    timestamp: new Date().toISOString(),
  };
}

/**
 * Registered with the store for its lifetime: turns what the kiosk sees into
 * faults (a socket that does not answer, a failed gate signal, a camera that
 * cannot be opened, a growing access-request backlog, property data failing
 * for 5 minutes) and reports each episode to the back end once, however
 * often it is seen again or the page reloads; a report that cannot be
 * delivered is sent again when the back end answers next.
 */
export function listenForDiagnostics(startListening: AppStartListening): void {
  const inFlight = new Set<string>();
  const report = ({ dispatch, getState, extra }: AppListenerApi) => {
    for (const fault of selectUnreportedFaults(getState())) {
      const episode = `${fault.kind}@${fault.since}`;
      if (inFlight.has(episode)) continue;
      inFlight.add(episode);
      extra.api
        .sendLog(faultLogLine(fault))
        .then(() => dispatch(faultReported({ kind: fault.kind, since: fault.since })))
        .catch(() => undefined)
        .finally(() => inFlight.delete(episode));
    }
  };
  startListening({
    predicate: (action) => faultRaised.match(action) || propertyLoaded.match(action) || appStarted.match(action),
    effect: (_action, listener) => report(listener),
  });

  // The hardware socket: down (or never up) for 10 s, or a request without an answer.
  startListening({
    predicate: (action) => hardwareStatusChanged.match(action) || appStarted.match(action),
    effect: async (action, listener) => {
      listener.cancelActiveListeners();
      const at = Date.now();
      const socket = selectHardwareSocket(listener.getState());
      if (socket.state === 'connected') return void listener.dispatch(faultCleared({ kind: 'hardware-socket', at }));
      if (socket.state === 'silent') {
        return void listener.dispatch(faultRaised({ kind: 'hardware-socket', detail: `${socket.method}: no answer`, at }));
      }
      if (hardwareStatusChanged.match(action) || appStarted.match(action)) {
        await listener.delay(HARDWARE_GRACE_MS);
        listener.dispatch(faultRaised({ kind: 'hardware-socket', detail: `not connected for ${HARDWARE_GRACE_MS / 1000} s`, at: Date.now() }));
      }
    },
  });

  // A camera that cannot be opened, by the QR scan or by a call; cleared once one opens.
  startListening({
    predicate: (action) =>
      (qrScannerFailed.match(action) && action.payload.failure !== 'decoder') ||
      (callFailed.match(action) && action.payload.reason === 'no-media'),
    effect: (action, { dispatch }) => {
      const detail = qrScannerFailed.match(action)
        ? `QR scan: ${action.payload.failure}, ${scrubDetail(action.payload.message)}`
        : 'call: no camera or microphone';
      dispatch(faultRaised({ kind: 'camera', detail, at: Date.now() }));
    },
  });
  startListening({
    predicate: (action) => qrCameraStarted.match(action) || callCreated.match(action),
    effect: (_action, { dispatch, getState }) => {
      if (selectActiveFault(getState(), 'camera')) dispatch(faultCleared({ kind: 'camera', at: Date.now() }));
    },
  });

  // Property data: the failing clock survives reloads (it is stored).
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

  // The access-request queue: its oldest request waiting more than 5 minutes.
  whileAppRuns(startListening, async (listener) => {
    for (;;) {
      const queue = selectQueuedAccessRequests(listener.getState());
      const at = Date.now();
      const oldest = Math.min(...queue.map((request) => Date.parse(request.created_at)).filter(Number.isFinite));
      if (queue.length === 0) listener.dispatch(faultCleared({ kind: 'access-backlog', at }));
      else if (at - oldest > BACKLOG_AGE_MS) {
        const detail = `${queue.length} waiting, the oldest for ${Math.floor((at - oldest) / 60_000)} min`;
        listener.dispatch(faultRaised({ kind: 'access-backlog', detail, at }));
      }
      await listener.delay(BACKLOG_CHECK_MS);
    }
  });
}
