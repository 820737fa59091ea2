import type { AppDispatch, AppListenerApi } from '../../store/listenerMiddleware';
import type { RootState } from '../../store/rootState';
import { english } from '../../strings/catalogue';
import { accessRequestQueued } from '../access-queue/accessQueueSlice';
import { notificationPopped, notificationPushed } from '../notifications/notificationsSlice';
import { selectRecordsAccessRequests } from '../property/selectors';
import { selectModel } from '../session/sessionSlice';
import { prompts } from '../speech/prompts';
import { gateSignalFailed, gateSignalled } from './gateActions';
import { gateOpeningEnded, gateOpeningStarted } from './gateSlice';

/** Shown when the panel could not be signalled within its 10 s window (docs/rules.md#r8-1-5, #r4-8-3). */
const GATE_FAILED_TITLE = english('notice.gateFailed');
const GATE_FAILED_BODY = english('notice.gateFailedBody');

/** Spoken outcomes wait for the chime or tone before them (the longest, gateOpen, lasts 0.54 s). */
export const AFTER_TONE_MS = 600;

/** Queues the access request of a code, where the property records them (docs/rules.md#r5-1-5); a refused pass says why (`reason`). */
export function recordAccessRequest(dispatch: AppDispatch, state: RootState, code: string, granted: boolean, reason?: string): void {
  if (!selectRecordsAccessRequests(state)) return;
  dispatch(accessRequestQueued({ user_code: code, access_granted: granted, created_at: new Date().toISOString(), ...(reason ? { reason } : {}) }));
}

/** A gate opening whose signal has left: the visitor is told (greeted by `greeting` in place of the usual words), and told again if the panel could not be signalled. */
export async function followGateOpening({ dispatch, extra, getState }: AppListenerApi, opening: Promise<void>, greeting?: string): Promise<void> {
  const model = selectModel(getState());
  dispatch(gateOpeningStarted());
  extra.sound.play('gateOpen');
  extra.speech.say(prompts.granted(model), { delayMs: AFTER_TONE_MS });
  const granted = notificationPushed({ status: 'SUCCESS', title: english('notice.granted'), body: greeting ?? english('notice.grantedBody') });
  dispatch(granted);
  try {
    await opening;
    dispatch(gateSignalled());
  } catch (error) {
    dispatch(gateSignalFailed(error instanceof Error ? error.message : 'failed'));
    // The visitor must not be left believing the gate opened.
    extra.logger.child('gate').error('The gate could not be opened', error);
    extra.sound.play('error');
    extra.speech.say(prompts.gateFailed(model), { delayMs: AFTER_TONE_MS });
    dispatch(notificationPopped(granted.payload.id));
    dispatch(notificationPushed({ status: 'ERROR', title: GATE_FAILED_TITLE, body: GATE_FAILED_BODY }));
  } finally {
    dispatch(gateOpeningEnded());
  }
}
