import { createAction } from '@reduxjs/toolkit';

/** Who a call is for: a resident by id, the manager, or the test call of SPACE on home. */
export type CallTargetRef = { kind: 'resident'; residentId: string } | { kind: 'manager' } | { kind: 'test' };

/** How the kiosk reaches the far end (docs/rules.md#r4-9-3). */
export type CallRoute = 'peer' | 'voice' | 'room' | 'sip';

/** Why a call failed, as its workflow or a route reports it. */
export type CallFailure =
  /** More than 10 recent calls to the target. */
  | 'throttled'
  /** Camera or microphone refused or missing: the screen is escaped. */
  | 'no-media'
  /** The resident is not in the property data (or the manager has no phone). */
  | 'unknown-target'
  /** The phone leg ended without the gate opening (voice disconnect, SIP destroy). */
  | 'hung-up'
  /** The phone leg never rang: the back end's SIP call did not reach the kiosk in time. */
  | 'not-rung'
  /** The video connection failed or closed. */
  | 'peer-lost'
  /** The server, the voice client or the SIP client failed. */
  | 'error';

/** Why a call ended: the first of these decides what the visitor is told. */
export type CallEndReason = CallFailure | 'approved' | 'denied' | 'timeout' | 'cancelled';

interface Id {
  /** The kiosk's own id of this call (the back end's id arrives later, with callCreated). */
  callId: string;
}

/** What starts a call: whom it is for, and whether it is a delivery (the call request's `reason`, docs/rules.md#r4-9-12). */
export interface CallRequest extends Id {
  target: CallTargetRef;
  delivery?: boolean;
}

export const callRequested = createAction<CallRequest, 'call/requested'>('call/requested');
export const callCreated = createAction<Id & { serverCallId: string }, 'call/created'>('call/created');
/** `nextStepAt` (epoch ms): when a video route gives way to the phone, or a phone route's call reaches its hard limit. */
export const routeStarted = createAction<Id & { route: CallRoute; nextStepAt: number }, 'call/routeStarted'>('call/routeStarted');
export const callConnected = createAction<Id, 'call/connected'>('call/connected');
/** The far end approved: the call completes with the gate opening. */
export const gateApproved = createAction<Id, 'call/gateApproved'>('call/gateApproved');
/** The far end refused (client-deny without open_gate, the room's 'decline'). */
export const callDenied = createAction<Id, 'call/denied'>('call/denied');
export const callFailed = createAction<Id & { reason: CallFailure }, 'call/failed'>('call/failed');
/** The visitor ended the call: Cancel, BACK, leaving the screen or the page. */
export const callEnding = createAction<Id, 'call/ending'>('call/ending');
/** Everything of the call is released; the outcome has been shown. */
export const callEnded = createAction<Id & { reason: CallEndReason }, 'call/ended'>('call/ended');

export const CALL_EVENTS = [
  callRequested,
  callCreated,
  routeStarted,
  callConnected,
  gateApproved,
  callDenied,
  callFailed,
  callEnding,
  callEnded,
] as const;

export type CallEvent = ReturnType<(typeof CALL_EVENTS)[number]>;

/** The actions that end the call with this id. */
export const endsCall =
  (callId: string) =>
  (action: unknown): action is ReturnType<typeof gateApproved | typeof callDenied | typeof callFailed | typeof callEnding> =>
    (gateApproved.match(action) || callDenied.match(action) || callFailed.match(action) || callEnding.match(action)) &&
    action.payload.callId === callId;
