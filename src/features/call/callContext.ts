import type { ForkedTaskAPI } from '@reduxjs/toolkit';
import type { AppListenerApi } from '../../store/listenerMiddleware';
import type { Services } from '../../store/services';
import { callConnected, callFailed, type CallFailure } from './callEvents';
import type { CallScope } from './callScope';
import type { CallTargetInfo } from './callTarget';
import type { CallKit } from '../../services/call/types';
import type { ServerCall } from './serverCall';
import { createSignalHub, type SignalHub } from './signalHub';

/** One call as its workflow and routes see it. */
export interface CallContext {
  callId: string;
  info: CallTargetInfo;
  /** The property's private channel. */
  channel: string;
  /** `from` of the kiosk's client events. */
  deviceId: number;
  /** When the 300 s limit ends the call (epoch ms): the phone route's countdown. */
  endsAt: number;
  /** The video provider flag, read once when the call starts. */
  telnyx: boolean;
  /** A delivery: the call request says so (`reason`). */
  delivery: boolean;
  scope: CallScope;
  signals: SignalHub;
  /** What this call has reached; kept here, since the store may already show a newer call. */
  progress: { serverCallId: string | null; connected: boolean };
  services: Services;
  listener: AppListenerApi;
  log(message: string, meta?: unknown): void;
  fail(reason: CallFailure, error?: unknown): void;
  /** The far end is talking: 'Connected to …', and the ring stops. */
  markConnected(): void;
}

/** A call the back end has created, with the visitor's camera and microphone open. */
export interface PlacedCall extends CallContext {
  kit: CallKit;
  server: ServerCall;
  /** The panel's camera and microphone; null on an engine without a camera API, whose calls go by phone. */
  stream: MediaStream | null;
}

/** A call with the panel's camera: what the video routes need. */
export type VideoCall = PlacedCall & { stream: MediaStream };

/** The parts of a forked task a route uses: every wait ends when the call does. */
export type RouteApi = Pick<ForkedTaskAPI, 'pause'>;

export type CallContextInput = Omit<CallContext, 'log' | 'fail' | 'markConnected' | 'signals' | 'progress'>;

export function createCallContext(input: CallContextInput): CallContext {
  const { callId, listener, services } = input;
  const progress: CallContext['progress'] = { serverCallId: null, connected: false };
  const logger = services.logger.child('call', { callId });
  const log = (message: string, meta?: unknown) => logger.error(message, { detail: describe(meta) });
  return {
    ...input,
    signals: createSignalHub(),
    progress,
    log,
    fail(reason, error) {
      if (error !== undefined) log(`Call failed (${reason})`, error);
      listener.dispatch(callFailed({ callId, reason }));
    },
    markConnected() {
      services.sound.stop('ring');
      progress.connected = true;
      listener.dispatch(callConnected({ callId }));
    },
  };
}

function describe(meta: unknown): unknown {
  if (meta instanceof Error) return { name: meta.name, message: meta.message };
  if (meta instanceof Event) return { type: meta.type };
  return meta ?? null;
}
