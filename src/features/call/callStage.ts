import type { CallEndReason } from './callEvents';
import type { CallState } from './callMachine';

/**
 * docs/rules.md#r2-7-7, where a call is, as the visitor is shown it:
 * `placing` until a route starts (camera, snapshot, `POST calls`), then
 * ringing the resident's app (video: the peer connection or the room) or
 * their phone (the voice or SIP leg), `connected` once a leg is, and how it
 * ended: `no-answer`, `declined`, or `ended` for any other outcome.
 */
export type CallStage = 'placing' | 'ringing-app' | 'ringing-phone' | 'connected' | 'no-answer' | 'declined' | 'ended';

/** What comes next while a call rings: the phone (after the video's 30 s) or the end of the call (its 300 s limit). */
export interface NextStep {
  step: 'phone' | 'end';
  seconds: number;
}

/**
 * A call nobody answered: it reached a time limit (the 300 s cap, or a SIP
 * leg never rung) with no leg ever connected. One answered and then left
 * waiting is not "did not answer" (docs/rules.md#r8-1-7).
 */
export function nobodyAnswered(reason: CallEndReason, answered: boolean): boolean {
  return (reason === 'timeout' || reason === 'not-rung') && !answered;
}

/** The stage of the call in the store: a pure function of its state, as the call machine leaves it after each event. */
export function callStage(call: CallState): CallStage {
  if (call.phase === 'ended') {
    if (call.endReason === 'denied') return 'declined';
    return call.endReason && nobodyAnswered(call.endReason, call.answered) ? 'no-answer' : 'ended';
  }
  if (call.connected) return 'connected';
  if (call.route === 'peer' || call.route === 'room') return 'ringing-app';
  if (call.route === 'voice' || call.route === 'sip') return 'ringing-phone';
  return 'placing';
}

/** While the call rings, the next step and the whole seconds left before it (never below 0); otherwise null. */
export function nextStep(call: CallState, now: number): NextStep | null {
  const stage = callStage(call);
  if (call.nextStepAt === null || (stage !== 'ringing-app' && stage !== 'ringing-phone')) return null;
  return { step: stage === 'ringing-app' ? 'phone' : 'end', seconds: Math.max(0, Math.ceil((call.nextStepAt - now) / 1000)) };
}
