import {
  callConnected,
  callCreated,
  callEnded,
  callRequested,
  gateApproved,
  routeStarted,
  type CallEndReason,
  type CallEvent,
  type CallRoute,
  type CallTargetRef,
} from './callEvents';

/**
 * docs/rules.md#r4-9-1, a call's phase: idle until a call starts, initiating until
 * the back end has created it, ready while it rings or talks, access_granted
 * when the far end opens the gate, ended once everything is released.
 */
export type CallPhase = 'idle' | 'initiating' | 'ready' | 'access_granted' | 'ended';

/** Plain data only: streams and SDK objects live in the workflow. */
export interface CallState {
  callId: string | null;
  target: CallTargetRef | null;
  /** A delivery: not answered, the courier is offered a delivery message instead of 'did not answer'. */
  delivery: boolean;
  phase: CallPhase;
  serverCallId: string | null;
  route: CallRoute | null;
  /** When the route's next step is due (epoch ms): the screen's countdown (callStage.ts). */
  nextStepAt: number | null;
  connected: boolean;
  /** A leg connected at some point: kept when the call ends, unlike `connected`. */
  answered: boolean;
  endReason: CallEndReason | null;
}

export const idleCall: CallState = {
  callId: null,
  target: null,
  delivery: false,
  phase: 'idle',
  serverCallId: null,
  route: null,
  nextStepAt: null,
  connected: false,
  answered: false,
  endReason: null,
};

/**
 * The call's next state. A new request always starts afresh; any other event
 * of another call, or of a call that has ended, changes nothing.
 */
export function transition(state: CallState, event: CallEvent): CallState {
  if (callRequested.match(event)) {
    const { callId, target, delivery = false } = event.payload;
    return { ...idleCall, callId, target, delivery, phase: 'initiating' };
  }
  if (event.payload.callId !== state.callId || state.phase === 'ended') return state;
  if (callCreated.match(event)) return state.phase === 'initiating' ? { ...state, phase: 'ready', serverCallId: event.payload.serverCallId } : state;
  if (routeStarted.match(event)) return { ...state, route: event.payload.route, nextStepAt: event.payload.nextStepAt };
  if (callConnected.match(event)) return { ...state, connected: true, answered: true };
  // Approval counts only while the call rings or talks: never before the back end has created it.
  if (gateApproved.match(event)) return state.phase === 'ready' ? { ...state, phase: 'access_granted' } : state;
  if (callEnded.match(event)) return { ...state, phase: 'ended', connected: false, endReason: event.payload.reason };
  return state;
}
