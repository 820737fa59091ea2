import { engineMeta, type Engine } from '../../services/browser/engine';
import { engineOf } from '../../services/browser/engineOf';
import { storedStateUnwritten } from '../../store/actions';
import type { AppListenerApi, AppStartListening } from '../../store/listenerMiddleware';
import { installerStrings } from '../../strings/installerStrings';
import { oldestQueuedAt, selectQueuedAccessRequests } from '../access-queue/accessQueueSlice';
import { hardwareStatusChanged, selectHardwareSocket } from '../hardware/hardwareStatusSlice';
import { callCreated, callFailed } from '../call/callEvents';
import { propertyLoaded } from '../property/propertySlice';
import { qrCameraStarted, qrScannerFailed } from '../qr/qrActions';
import { faultCleared, faultRaised, faultReported, scrubDetail, selectActiveFault, selectUnreportedFaults, type Fault } from './diagnosticsSlice';
import { FAULT_REMEDIES } from './faultRemedies';

/** A socket not connected for this long (the gate's own retry window) is a fault. */
export const HARDWARE_GRACE_MS = 10_000;
/** An access request waiting longer than this means the backlog is growing. */
export const BACKLOG_AGE_MS = 5 * 60_000;
/** How often the queue's age is looked at (its sends are every 30 s too). */
export const BACKLOG_CHECK_MS = 30_000;

/** The back end's log line for a fault, in English like every log line, with the engine (and the remedy, where the cause is known). */
export function faultLogLine(fault: Fault, engine: Engine) {
  const t = installerStrings('en');
  const remedy = FAULT_REMEDIES[fault.kind];
  return {
    message: `Self-diagnosis: ${t(`fault.${fault.kind}`)}`,
    meta: {
      feature: 'diagnostics',
      fault: fault.kind,
      detail: fault.detail,
      since: new Date(fault.since).toISOString(),
      ...(remedy ? { remedy: t(remedy) } : {}),
      ...engineMeta(engine),
    },
    timestamp: new Date().toISOString(),
  };
}

/**
 * Watches for faults until the app stops (loaded after the first screen: what
 * happened before is read from the state). Reports each unreported episode
 * once; a report that cannot be delivered is sent again when the back end
 * answers next.
 */
export async function watchFaults(startListening: AppStartListening, listener: AppListenerApi): Promise<void> {
  const inFlight = new Set<string>();
  const report = ({ dispatch, getState, extra }: Pick<AppListenerApi, 'dispatch' | 'getState' | 'extra'>) => {
    for (const fault of selectUnreportedFaults(getState())) {
      const episode = `${fault.kind}@${fault.since}`;
      if (inFlight.has(episode)) continue;
      inFlight.add(episode);
      extra.api
        .sendLog(faultLogLine(fault, engineOf(extra.browser.userAgent)))
        .then(() => dispatch(faultReported({ kind: fault.kind, since: fault.since })))
        .catch(() => undefined)
        .finally(() => inFlight.delete(episode));
    }
  };
  const stops = [
    startListening({
      predicate: (action) => faultRaised.match(action) || storedStateUnwritten.match(action) || propertyLoaded.match(action),
      effect: (_action, api) => report(api),
    }),
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
    }),
    startListening({
      predicate: (action) => qrCameraStarted.match(action) || callCreated.match(action),
      effect: (_action, { dispatch, getState }) => {
        if (selectActiveFault(getState(), 'camera')) dispatch(faultCleared({ kind: 'camera', at: Date.now() }));
      },
    }),
  ];
  try {
    reportStart(listener);
    report(listener);
    const tasks = [watchHardware, watchLocalNetwork, watchBacklog].map((watch) => listener.fork(() => watch(listener)));
    await Promise.all(tasks.map((task) => task.result));
  } finally {
    stops.forEach((stop) => stop());
  }
}

/** The engine, once per start of the kiosk in this browser: not again at the reload after each notification. */
function reportStart({ extra: { api, browser } }: AppListenerApi): void {
  if (browser.reloaded) return;
  const meta = { feature: 'diagnostics', ...engineMeta(engineOf(browser.userAgent)), userAgent: browser.userAgent };
  api.sendLog({ message: 'Kiosk started', meta, timestamp: new Date().toISOString() }).catch(() => undefined);
}

/** The hardware socket: down (or never up) for 10 s, or a request without an answer. */
async function watchHardware({ dispatch, getState, take }: AppListenerApi): Promise<never> {
  const started = Date.now();
  for (;;) {
    const socket = selectHardwareSocket(getState());
    if (socket.state === 'connected') dispatch(faultCleared({ kind: 'hardware-socket', at: Date.now() }));
    else if (socket.state === 'silent') dispatch(faultRaised({ kind: 'hardware-socket', detail: `${socket.method}: no answer`, at: Date.now() }));
    else {
      const waited = Date.now() - (socket.since ?? started);
      if ((await take(hardwareStatusChanged.match, Math.max(0, HARDWARE_GRACE_MS - waited))) !== null) continue;
      dispatch(faultRaised({ kind: 'hardware-socket', detail: `not connected for ${HARDWARE_GRACE_MS / 1000} s`, at: Date.now() }));
    }
    await take(hardwareStatusChanged.match);
  }
}

/**
 * The engine refusing the page the hardware socket's address (Local Network
 * Access): asked at each failed connection, raised at the first the engine
 * says it refused, cleared when the socket opens.
 */
async function watchLocalNetwork({ dispatch, getState, take, pause, extra }: AppListenerApi): Promise<never> {
  for (;;) {
    const { state } = selectHardwareSocket(getState());
    if (state === 'connected') dispatch(faultCleared({ kind: 'local-network-access', at: Date.now() }));
    else if (state === 'down' && !selectActiveFault(getState(), 'local-network-access')) {
      const refused = await pause(extra.browser.localNetworkRefused());
      // The socket may have opened while the engine was asked: that change was not waited for, so look again.
      if (selectHardwareSocket(getState()).state !== 'down') continue;
      if (refused) dispatch(faultRaised({ kind: 'local-network-access', detail: 'the browser denies this page local network access', at: Date.now() }));
    }
    await take(hardwareStatusChanged.match);
  }
}

/** The access-request queue: its oldest request waiting more than 5 minutes. */
async function watchBacklog({ dispatch, getState, delay }: AppListenerApi): Promise<never> {
  for (;;) {
    const queue = selectQueuedAccessRequests(getState());
    const at = Date.now();
    const oldest = oldestQueuedAt(queue);
    if (queue.length === 0) dispatch(faultCleared({ kind: 'access-backlog', at }));
    else if (oldest !== null && at - oldest > BACKLOG_AGE_MS) {
      dispatch(faultRaised({ kind: 'access-backlog', detail: `${queue.length} waiting, the oldest for ${Math.floor((at - oldest) / 60_000)} min`, at }));
    }
    await delay(BACKLOG_CHECK_MS);
  }
}
