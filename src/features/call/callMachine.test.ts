import {
  callConnected,
  callCreated,
  callDenied,
  callEnded,
  callEnding,
  callFailed,
  callRequested,
  gateApproved,
  routeStarted,
  type CallEvent,
} from './callEvents';
import { idleCall, transition, type CallState } from './callMachine';

const target = { kind: 'resident', residentId: '11' } as const;
const initiating: CallState = { ...idleCall, callId: 'a', target, phase: 'initiating' };
const ready: CallState = { ...initiating, phase: 'ready', serverCallId: 'call-1' };
const ended: CallState = { ...ready, phase: 'ended', endReason: 'denied' };

describe('call transitions', () => {
  it.each<[string, CallState, CallEvent, CallState]>([
    ['a request starts a call from idle', idleCall, callRequested({ callId: 'a', target }), initiating],
    ['a request starts afresh after an ended call', ended, callRequested({ callId: 'b', target: { kind: 'manager' } }), { ...idleCall, callId: 'b', target: { kind: 'manager' }, phase: 'initiating' }],
    ['a newer request replaces a call in progress', ready, callRequested({ callId: 'b', target }), { ...initiating, callId: 'b' }],
    ['creation on the back end makes it ready', initiating, callCreated({ callId: 'a', serverCallId: 'call-1' }), ready],
    ['a second creation changes nothing', ready, callCreated({ callId: 'a', serverCallId: 'call-2' }), ready],
    ['the route and when its next step is due are remembered', ready, routeStarted({ callId: 'a', route: 'voice', nextStepAt: 300_000 }), { ...ready, route: 'voice', nextStepAt: 300_000 }],
    ['connected shows as connected, and as answered', ready, callConnected({ callId: 'a' }), { ...ready, connected: true, answered: true }],
    ['approval grants access', { ...ready, connected: true }, gateApproved({ callId: 'a' }), { ...ready, connected: true, phase: 'access_granted' }],
    ['no approval before the back end has created the call', initiating, gateApproved({ callId: 'a' }), initiating],
    ['a second approval changes nothing', { ...ready, phase: 'access_granted' }, gateApproved({ callId: 'a' }), { ...ready, phase: 'access_granted' }],
    ['the end records its reason and drops connected, not answered', { ...ready, connected: true, answered: true }, callEnded({ callId: 'a', reason: 'approved' }), { ...ready, phase: 'ended', endReason: 'approved', answered: true }],
    ['refusal, failure and cancel wait for the end', ready, callDenied({ callId: 'a' }), ready],
    ['a failure alone changes nothing', ready, callFailed({ callId: 'a', reason: 'error' }), ready],
    ['a cancel alone changes nothing', ready, callEnding({ callId: 'a' }), ready],
    ['events of another call are dropped', ready, callConnected({ callId: 'old' }), ready],
    ['an old call ending does not end the new one', ready, callEnded({ callId: 'old', reason: 'cancelled' }), ready],
    ['nothing happens to an ended call', ended, callConnected({ callId: 'a' }), ended],
    ['nothing happens while idle', idleCall, callEnded({ callId: 'a', reason: 'cancelled' }), idleCall],
  ])('%s', (_name, state, event, expected) => {
    expect(transition(state, event)).toEqual(expected);
  });
});
