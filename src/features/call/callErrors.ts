import type { NotificationStatus } from '../notifications/notificationsSlice';
import type { SoundName } from '../../services/sound/types';
import { english } from '../../strings/catalogue';
import { CALL_ERROR_NOTICE } from './callErrorNotice';
import type { CallEndReason } from './callEvents';

/** What the visitor sees and hears when a call ends. */
export interface CallNotice {
  notification: { status: NotificationStatus; title: string; body?: string };
  sound: SoundName;
}

const NOT_GRANTED = english('notice.notGranted');

/**
 * docs/rules.md#r8-1, the rows about calls (R8.1.6 to R8.1.10, R8.1.14).
 * An approval shows the gate's own 'Access Granted!'; a visitor's cancel, a
 * missing camera and an unknown resident show nothing (the camera and the resident are only logged).
 */
export function callNotice(reason: CallEndReason, { answered }: { answered: boolean }): CallNotice | null {
  switch (reason) {
    case 'denied':
    case 'hung-up':
      return { notification: { status: 'ERROR', title: NOT_GRANTED }, sound: 'sorryNoAccess' };
    case 'timeout':
    case 'not-rung':
      // Nobody ever answered: say so.
      return { notification: { status: 'ERROR', title: NOT_GRANTED }, sound: answered ? 'sorryNoAccess' : 'sorryNoAnswer' };
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
