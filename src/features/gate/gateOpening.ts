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

/** The access request of a code, as queued where the property records them (docs/rules.md#r5-1-5); a refused pass says why (`reason`). Null where it records none. */
export function accessRequestOf(state: RootState, code: string, granted: boolean, reason?: string): ReturnType<typeof accessRequestQueued> | null {
  if (!selectRecordsAccessRequests(state)) return null;
  return accessRequestQueued({ user_code: code, access_granted: granted, created_at: new Date().toISOString(), ...(reason ? { reason } : {}) });
}

/** Queues the access request of a code (accessRequestOf). */
export function recordAccessRequest(dispatch: AppDispatch, state: RootState, code: string, granted: boolean, reason?: string): void {
  const queued = accessRequestOf(state, code, granted, reason);
  if (queued) dispatch(queued);
}

/** Access Granted!, greeted by `greeting` in place of the usual words. */
export const grantedNotice = (greeting?: string) => notificationPushed({ status: 'SUCCESS', title: english('notice.granted'), body: greeting ?? english('notice.grantedBody') });

/** A gate opening whose signal has left: the visitor is told (greeted by `greeting` in place of the usual words), and told again if the panel could not be signalled. */
export function followGateOpening(listener: AppListenerApi, opening: Promise<void>, greeting?: string): Promise<void> {
  const shown = grantedNotice(greeting);
  listener.dispatch(shown);
  return followShownOpening(listener, opening, shown);
}

/** followGateOpening once its notification, `shown`, is on the screen: the opening counted, the chime and the spoken words, the failure told. */
export async function followShownOpening({ dispatch, extra, getState }: AppListenerApi, opening: Promise<void>, shown: ReturnType<typeof grantedNotice>): Promise<void> {
  const model = selectModel(getState());
  dispatch(gateOpeningStarted());
  extra.sound.play('gateOpen');
  extra.speech.say(prompts.granted(model), { delayMs: AFTER_TONE_MS });
  try {
    await opening;
    dispatch(gateSignalled());
  } catch (error) {
    dispatch(gateSignalFailed(error instanceof Error ? error.message : 'failed'));
    // The visitor must not be left believing the gate opened.
    extra.logger.child('gate').error('The gate could not be opened', error);
    extra.sound.play('error');
    extra.speech.say(prompts.gateFailed(model), { delayMs: AFTER_TONE_MS });
    dispatch(notificationPopped(shown.payload.id));
    dispatch(notificationPushed({ status: 'ERROR', title: GATE_FAILED_TITLE, body: GATE_FAILED_BODY }));
  } finally {
    dispatch(gateOpeningEnded());
  }
}
