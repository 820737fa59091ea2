import { english } from '../../strings/catalogue';
import type { CallNotice } from './callErrors';

/** What a call that failed shows and plays; on its own, as the first screen's bundle needs only it (callListeners). */
export const CALL_ERROR_NOTICE: CallNotice = {
  notification: { status: 'ERROR', title: english('notice.error'), body: english('notice.tryAgain') },
  sound: 'sorryError',
};
