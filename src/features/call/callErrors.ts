import type { NotificationStatus } from '../notifications/notificationsSlice';
import type { SoundName } from '../../services/sound/types';
import { english } from '../../strings/catalogue';
import { CALL_ERROR_NOTICE } from './callErrorNotice';
import type { CallEndReason, CallTargetRef } from './callEvents';
import { nobodyAnswered } from './callStage';

/** What the visitor sees and hears when a call ends. */
export interface CallNotice {
  notification: { status: NotificationStatus; title: string; body?: string };
  sound: SoundName;
}

/** What the outcome depends on besides the reason: whether a leg ever connected, and who was called (their English name). */
export interface CallEnding {
  answered: boolean;
  target: CallTargetRef['kind'];
  name: string;
  /** A delivery the back end created: nobody answering it is told nothing here, as the call screen offers a delivery message. */
  delivery?: boolean;
}

const NOT_GRANTED = english('notice.notGranted');

/** '{name} did not answer'; the manager and the hidden test resident have their own sentence, as a name of theirs would not read in Spanish. */
function didNotAnswer({ target, name }: CallEnding): string {
  if (target === 'manager') return english('notice.noAnswerManager');
  if (target === 'test') return english('notice.noAnswerSomeone');
  return english('notice.noAnswer', { name });
}

/**
 * docs/rules.md#r8-1, the rows about calls (R8.1.6 to R8.1.10, R8.1.14, R8.1.17, R8.1.19).
 * An approval shows the gate's own 'Access Granted!'; a visitor's cancel, a
 * missing camera and an unknown resident show nothing (the camera and the resident are only logged).
 */
export function callNotice(reason: CallEndReason, ending: CallEnding): CallNotice | null {
  switch (reason) {
    case 'denied':
    case 'hung-up':
      return { notification: { status: 'ERROR', title: NOT_GRANTED }, sound: 'sorryNoAccess' };
    case 'timeout':
    case 'not-rung':
      // Nobody ever answered: not a refusal, and said so (a delivery: by its offer). Answered and then left waiting: not granted.
      if (!nobodyAnswered(reason, ending.answered)) return { notification: { status: 'ERROR', title: NOT_GRANTED }, sound: 'sorryNoAccess' };
      return ending.delivery ? null : { notification: { status: 'ERROR', title: didNotAnswer(ending) }, sound: 'sorryNoAnswer' };
    case 'peer-lost':
      return { notification: { status: 'ERROR', title: english('notice.disconnected'), body: english('notice.tryLater') }, sound: 'sorryNoAccess' };
    case 'throttled':
      return { notification: { status: 'ERROR', title: english('notice.throttled') }, sound: 'throttle' };
    case 'error':
      return CALL_ERROR_NOTICE;
    case 'approved':
    case 'cancelled':
    case 'no-media':
    case 'unknown-target':
      return null;
  }
}
