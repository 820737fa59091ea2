import { TaskAbortError, type ForkedTaskAPI } from '@reduxjs/toolkit';
import type { AppListenerApi } from '../../store/listenerMiddleware';
import { callApprovalReceived } from '../gate/gateActions';
import { notificationPushed } from '../notifications/notificationsSlice';
import { selectTelnyxEnabled } from '../property/featureFlagsSlice';
import { selectPropertyData } from '../property/propertySlice';
import { propertyChannelName } from '../realtime/realtimeActions';
import { callCounted, isCallThrottled, selectRecentCallCount } from '../recent-calls/recentCallsSlice';
import { createCallContext, type CallContext, type PlacedCall, type VideoCall } from './callContext';
import { callNotice, type CallEnding } from './callErrors';
import {
  callCreated,
  callDenied,
  callEnded,
  callEnding,
  callFailed,
  endsCall,
  gateApproved,
  routeStarted,
  type CallEndReason,
  type CallRequest,
} from './callEvents';
import { createCallScope, ScopeClosedError } from './callScope';
import { readCallSignals, type Sender } from './callSignalling';
import { describeTarget } from './callTarget';
import { peerRoute } from './routes/peerRoute';
import { roomRoute } from './routes/roomRoute';
import { sipRoute } from './routes/sipRoute';
import { voiceRoute } from './routes/voiceRoute';
import { callRequestBody, parseServerCall } from './serverCall';
import { offersMessage } from './messageOffer';

/** docs/rules.md#r9-3 (R9.3.3 to R9.3.5). */
export const CALL_HARD_TIMEOUT_MS = 300000;
export const VIDEO_FALLBACK_MS = 30000;
export const CAMERA_WARM_UP_MS = 2000;
/** The picture of a call placed on an engine without a camera API: an empty data URL. */
export const NO_CAMERA_SNAPSHOT = 'data:,';

const isAbort = (error: unknown) => error instanceof TaskAbortError || error instanceof ScopeClosedError;

/**
 * One call, from the request to the release of its last resource. The first
 * of these ends it: approval, refusal, a failure, the visitor (Cancel, BACK,
 * leaving the screen or the page), the 300 s cap, or a newer call. Whatever
 * ended it, `finally` releases everything the call acquired, tells the far
 * end (client-hangup), and shows the outcome.
 */
export async function runCall(listener: AppListenerApi, { callId, target, delivery = false }: CallRequest): Promise<void> {
  const { dispatch, getState, extra: services } = listener;
  const data = selectPropertyData(getState());
  const info = data ? describeTarget(target, data) : null;
  const logger = services.logger.child('call', { callId });
  const scope = createCallScope((error) => logger.error('A call resource could not be released', { error: String(error) }));
  let call: CallContext | null = null;
  let reason: CallEndReason = 'cancelled';
  try {
    if (!data || !info) {
      logger.error('Call to an unknown resident, or to a manager without a phone', { target });
      reason = 'unknown-target';
      return;
    }
    call = createCallContext({
      callId,
      endsAt: Date.now() + CALL_HARD_TIMEOUT_MS,
      info,
      channel: propertyChannelName(data.property.id),
      deviceId: data.device.id,
      telnyx: selectTelnyxEnabled(getState()),
      delivery,
      scope,
      services,
      listener,
    });
    const ending = listener.take(endsCall(callId), CALL_HARD_TIMEOUT_MS);
    bindChannel(call);
    scope.defer(services.page.onLeave(() => dispatch(callEnding({ callId }))));
    const placing = call;
    const task = listener.fork((api) => placeCall(api, placing));
    scope.defer(() => task.cancel());
    const ended = await ending;
    reason = ended ? endReason(ended[0]) : 'timeout';
  } finally {
    scope.release();
    const serverCallId = call?.progress.serverCallId;
    if (call && serverCallId) {
      services.realtime.trigger(call.channel, 'client-hangup', { call_id: serverCallId, from: call.deviceId });
    }
    dispatch(callEnded({ callId, reason }));
    // A delivery is offered its message only when the back end created the call (the message is filed under it).
    const ending = { answered: call?.progress.connected === true, target: target.kind, name: info?.name ?? '', delivery: delivery && Boolean(serverCallId) };
    announce(listener, reason, ending, info?.gateCode ?? null, callId);
  }
}

function endReason(action: unknown): CallEndReason {
  if (gateApproved.match(action)) return 'approved';
  if (callDenied.match(action)) return 'denied';
  if (callFailed.match(action)) return action.payload.reason;
  return 'cancelled';
}

/**
 * Channel events about this call (docs/rules.md#r4-9-8), filtered by the back
 * end's call id, and by its answerer once one has offered (`signalHub.ts`):
 * what is ignored is logged once per event name and call.
 */
function bindChannel(call: CallContext): void {
  const { listener, callId, signals, progress } = call;
  const logged = new Set<string>();
  const ignored = (event: string, from: Sender) => {
    if (logged.has(event)) return;
    logged.add(event);
    call.log('A channel event the call does not take was ignored', { event, from });
  };
  const unsubscribe = call.services.realtime.subscribe(call.channel, {
    onEvent: (event, data) => {
      for (const signal of readCallSignals(event, data, progress.serverCallId)) {
        if (signal.kind === 'connected') call.markConnected();
        else if (signal.kind === 'approved') listener.dispatch(gateApproved({ callId }));
        else if (signal.kind === 'decided') {
          if (!signals.mayDecide(signal.from)) ignored(event, signal.from);
          else listener.dispatch(signal.openGate ? gateApproved({ callId }) : callDenied({ callId }));
        } else if (signal.kind === 'offer') {
          if (!signals.offer(signal.sdp, signal.from)) ignored(event, signal.from);
        } else if (!signals.candidate(signal.candidate, signal.from)) ignored(event, signal.from);
      }
    },
  });
  call.scope.defer(unsubscribe);
}

/** Runs in a forked task that is cancelled when the call ends; anything that goes wrong ends the call as an error. */
async function placeCall(api: ForkedTaskAPI, call: CallContext): Promise<void> {
  try {
    await startCall(api, call);
  } catch (error) {
    if (!isAbort(error)) call.fail('error', error);
  }
}

async function startCall(api: ForkedTaskAPI, call: CallContext): Promise<void> {
  const { listener, services, info, scope, callId } = call;
  if (isCallThrottled(selectRecentCallCount(listener.getState(), info.key))) return call.fail('throttled');
  services.sound.play('ring');
  scope.defer(() => services.sound.stop('ring'));
  listener.dispatch(callCounted({ target: info.key, expiresAt: Date.now() + services.call.settings.recentCallWindowMs }));

  const kit = await api.pause(services.call.load());
  const { media } = kit;
  // An engine without a camera API places the call without a picture, and by phone (connect).
  let stream: MediaStream | null = null;
  let image = NO_CAMERA_SNAPSHOT;
  if (services.capabilities.camera) {
    try {
      stream = await api.pause(scope.adopt(media.open(api.signal), media.stop));
    } catch (error) {
      if (isAbort(error)) throw error;
      return call.fail('no-media', error);
    }
    services.call.streams.set('local', stream);
    scope.defer(() => services.call.streams.set('local', null));
    await api.delay(CAMERA_WARM_UP_MS);
    image = await api.pause(media.capture(stream));
  }
  const server = parseServerCall(
    await api.pause(services.api.createCall(callRequestBody(info, image, call.telnyx, call.delivery))),
  );
  call.progress.serverCallId = server.id;
  listener.dispatch(callCreated({ callId, serverCallId: server.id }));
  await connect(api, { ...call, kit, server, stream });
}

/**
 * docs/rules.md#r4-9-3: video first where allowed, and the phone when video is
 * not allowed or not answered in 30 s; at once on an engine without a camera
 * API or WebRTC.
 */
async function connect(api: ForkedTaskAPI, call: PlacedCall): Promise<void> {
  const started = (route: 'peer' | 'voice' | 'room' | 'sip', nextStepAt: number) =>
    call.listener.dispatch(routeStarted({ callId: call.callId, route, nextStepAt }));
  const { stream } = call;
  if (call.info.video && stream && call.services.capabilities.peerConnection) {
    // The fallback's timer starts in the same turn (withFallback).
    started(call.telnyx ? 'room' : 'peer', Date.now() + VIDEO_FALLBACK_MS);
    const video = call.telnyx ? (placed: VideoCall) => roomRoute(api, placed) : peerRoute;
    if ((await withFallback(api, { ...call, stream }, video)) === 'answered') return;
  }
  started(call.telnyx ? 'sip' : 'voice', call.endsAt);
  await (call.telnyx ? sipRoute(api, call) : voiceRoute(api, call));
}

/**
 * The one place both 30 s fallbacks are decided: a video route that has not
 * been answered in time, cannot start, or gives up is released before the
 * phone is tried.
 */
async function withFallback(
  api: ForkedTaskAPI,
  call: VideoCall,
  route: (placed: VideoCall) => Promise<'answered' | 'fallback'>,
): Promise<'answered' | 'fallback'> {
  const scope = call.scope.child();
  let outcome: 'answered' | 'fallback';
  try {
    outcome = await api.pause(Promise.race([route({ ...call, scope }), scope.after(VIDEO_FALLBACK_MS, 'fallback' as const)]));
  } catch (error) {
    if (error instanceof TaskAbortError) throw error;
    call.log('Video could not start: calling by phone', error);
    outcome = 'fallback';
  }
  if (outcome === 'fallback') scope.release();
  return outcome;
}

/** What the visitor is told (docs/rules.md#r8-1); an approval opens the gate through the gate feature. */
function announce(listener: AppListenerApi, reason: CallEndReason, ending: CallEnding, gateCode: string | null, callId: string): void {
  const { dispatch, extra } = listener;
  if (reason === 'approved') {
    if (!gateCode) extra.logger.child('call', { callId }).error('The approving resident or manager has no access code');
    dispatch(callApprovalReceived(gateCode));
    return;
  }
  const notice = callNotice(reason, ending);
  if (!notice) return;
  extra.sound.play(notice.sound);
  // The call screen says it and offers a message instead: a notification's reload would end the recording.
  if (offersMessage(listener.getState(), extra.capabilities)) return;
  dispatch(notificationPushed(notice.notification));
}
