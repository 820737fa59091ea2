import {
  callConnected,
  callCreated,
  callDenied,
  callEnded,
  callRequested,
  gateApproved,
  routeStarted,
  type CallEndReason,
  type CallEvent,
} from './callEvents';
import { idleCall, transition } from './callMachine';
import { callStage, nextStep, nobodyAnswered, type CallStage } from './callStage';

const callId = 'a';
const requested = callRequested({ callId, target: { kind: 'resident', residentId: '11' } });
const created = callCreated({ callId, serverCallId: 'call-1' });
/** The video route starts 2 s into the call: its 30 s end at 32 s; the call's 300 s limit at 300 s. */
const video = routeStarted({ callId, route: 'peer', nextStepAt: 32_000 });
const room = routeStarted({ callId, route: 'room', nextStepAt: 32_000 });
const voice = routeStarted({ callId, route: 'voice', nextStepAt: 300_000 });
const sip = routeStarted({ callId, route: 'sip', nextStepAt: 300_000 });
const connected = callConnected({ callId });
const ended = (reason: CallEndReason) => callEnded({ callId, reason });

/** The call after these events, as the store holds it. */
const after = (events: CallEvent[]) => events.reduce(transition, idleCall);

describe('the stage of a call', () => {
  it.each<[string, CallEvent[], CallStage]>([
    ['no call: placing nothing yet', [], 'placing'],
    ['requested: placing (camera, snapshot, POST calls)', [requested], 'placing'],
    ['created, before a route starts: still placing', [requested, created], 'placing'],
    ["the peer route rings the resident's app", [requested, created, video], 'ringing-app'],
    ["the provider's room rings the resident's app", [requested, created, room], 'ringing-app'],
    ['the voice leg rings their phone', [requested, created, voice], 'ringing-phone'],
    ['the SIP leg rings their phone', [requested, created, sip], 'ringing-phone'],
    ['video unanswered, then the phone', [requested, created, video, voice], 'ringing-phone'],
    ['a leg connected', [requested, created, video, connected], 'connected'],
    ['the phone connected after the video fallback', [requested, created, room, sip, connected], 'connected'],
    ['approved while connected: still connected until it ends', [requested, created, voice, connected, gateApproved({ callId })], 'connected'],
    ['a refusal alone waits for the end', [requested, created, video, callDenied({ callId })], 'ringing-app'],
    ['declined', [requested, created, video, callDenied({ callId }), ended('denied')], 'declined'],
    ['declined after answering', [requested, created, voice, connected, ended('denied')], 'declined'],
    ['the 300 s limit with nobody answering: no answer', [requested, created, video, voice, ended('timeout')], 'no-answer'],
    ['a SIP leg never rung: no answer', [requested, created, sip, ended('not-rung')], 'no-answer'],
    ['the 300 s limit after a leg connected: not "no answer"', [requested, created, voice, connected, ended('timeout')], 'ended'],
    ['the phone leg hung up: ended (not granted)', [requested, created, voice, ended('hung-up')], 'ended'],
    ['approved', [requested, created, voice, connected, gateApproved({ callId }), ended('approved')], 'ended'],
    ['the visitor left', [requested, created, video, ended('cancelled')], 'ended'],
    ['events of another call change nothing', [requested, created, video, callConnected({ callId: 'old' })], 'ringing-app'],
  ])('%s', (_name, events, stage) => {
    expect(callStage(after(events))).toBe(stage);
  });
});

describe('the next step while a call rings', () => {
  it.each<[string, CallEvent[], number, ReturnType<typeof nextStep>]>([
    ['video: the phone in 30 s as it starts', [requested, created, video], 2_000, { step: 'phone', seconds: 30 }],
    ["video: 'Trying their phone in 12 s' 18 s on", [requested, created, video], 20_000, { step: 'phone', seconds: 12 }],
    ['a part of a second left counts as a whole one', [requested, created, video], 31_001, { step: 'phone', seconds: 1 }],
    ['never below 0 while the fallback is under way', [requested, created, video], 33_000, { step: 'phone', seconds: 0 }],
    ['the phone: the end of the call at its 300 s limit', [requested, created, video, voice], 33_000, { step: 'end', seconds: 267 }],
    ['placing: nothing counted down', [requested, created], 1_000, null],
    ['connected: nothing counted down', [requested, created, video, connected], 20_000, null],
    ['ended: nothing counted down', [requested, created, voice, ended('timeout')], 20_000, null],
  ])('%s', (_name, events, now, expected) => {
    expect(nextStep(after(events), now)).toEqual(expected);
  });
});

describe('a call nobody answered', () => {
  it.each<[CallEndReason, boolean, boolean]>([
    ['timeout', false, true],
    ['not-rung', false, true],
    ['timeout', true, false],
    ['not-rung', true, false],
    ['denied', false, false],
    ['hung-up', false, false],
    ['cancelled', false, false],
    ['peer-lost', false, false],
  ])('%s, answered %s: %s', (reason, answered, expected) => {
    expect(nobodyAnswered(reason, answered)).toBe(expected);
  });
});
