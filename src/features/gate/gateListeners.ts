import { afterFirstScreen } from '../../lib/afterFirstScreen';
import type { AppDispatch, AppListenerApi, AppStartListening } from '../../store/listenerMiddleware';
import type { RootState } from '../../app/rootReducer';
import { english } from '../../strings/catalogue';
import { cardFloodChecked, cardReadNoted, gateOpeningEnded, gateOpeningStarted, selectCardFlood } from '../gate/gateSlice';
import { accessRequestQueued } from '../access-queue/accessQueueSlice';
import { enteredCodeRefused } from '../code-lock/codeLockSlice';
import { selectModel } from '../session/sessionSlice';
import { prompts } from '../speech/prompts';
import { notificationPopped, notificationPushed } from '../notifications/notificationsSlice';
import { selectRecordsAccessRequests } from '../property/selectors';
import { callApprovalReceived, gateOpenRequested, gateSignalFailed, gateSignalled } from './gateActions';
import { selectCodesThatOpen } from './codesThatOpen';
import { isCodeAction, verdictOf } from './gateSignal';

export const GATE_NO_CODE_ERROR = english('notice.noCode');
const SORRY_CODE = english('notice.codeRefused');
/** Shown when the panel could not be signalled within its 10 s window (docs/rules.md#r8-1-5, #r4-8-3). */
export const GATE_FAILED_TITLE = english('notice.gateFailed');
export const GATE_FAILED_BODY = english('notice.gateFailedBody');
/** How often a flood is looked at to see whether it is over. */
const FLOOD_CHECK_MS = 1_000;

/** Spoken outcomes wait for the chime or tone before them (the longest, gateOpen, lasts 0.54 s). */
const AFTER_TONE_MS = 600;

function recordAccessRequest(dispatch: AppDispatch, state: RootState, code: string, granted: boolean): void {
  if (!selectRecordsAccessRequests(state)) return;
  dispatch(accessRequestQueued({ user_code: code, access_granted: granted, created_at: new Date().toISOString() }));
}

/** Validates typed, scanned and hardware codes, takes call approvals, and opens the gate through the hardware socket. */
export function listenForGate(startListening: AppStartListening): void {
  // The valid codes are normalised once the page is idle after codes arrive (stored or loaded), not in the
  // fifth digit's key press: on the panel, with thousands of residents, that took milliseconds before wiegand left.
  startListening({
    predicate: (_action, current, previous) => current.propertyCore !== previous.propertyCore,
    effect: async (_action, listener) => {
      listener.cancelActiveListeners();
      await listener.pause(afterFirstScreen());
      selectCodesThatOpen(listener.getState(), listener.extra.clock());
    },
  });

  // The code was judged, and a valid one's signal sent, by the gate signal middleware as it arrived (gateSignal.ts).
  startListening({
    predicate: isCodeAction,
    effect: (action, listener) => {
      const { dispatch, getState, extra } = listener;
      const { code, fromHardware, locked, opening } = verdictOf(action);
      if (fromHardware) dispatch(cardReadNoted(extra.clock().mono));
      if (locked) return;
      const state = getState();
      if (opening) {
        void followGateOpening(listener, opening);
        recordAccessRequest(dispatch, state, code, true);
        return;
      }
      // Card reads are not counted: the reader is the panel's own, and a guess needs a card.
      // A granted code clears nothing: "a few guesses, then my own code" must not reset the budgets.
      if (!fromHardware) dispatch(enteredCodeRefused({ reading: extra.clock(), settings: extra.settings.codeLock }));
      recordAccessRequest(dispatch, state, code, false);
      // During a flood a refused read is only recorded; otherwise its refusal joins the one already showing (notificationPushed).
      if (fromHardware && selectCardFlood(state)) return;
      extra.sound.play(fromHardware ? 'error' : 'sorryCode');
      // sorryCode says it in words already; the card reader's tone does not.
      if (fromHardware) extra.speech.say(prompts.refused(selectModel(state)), { delayMs: AFTER_TONE_MS });
      dispatch(notificationPushed({ status: 'ERROR', title: SORRY_CODE }));
    },
  });

  // A flood is looked at every second until the reads have slowed down.
  startListening({
    predicate: (_action, current, previous) => selectCardFlood(current) && !selectCardFlood(previous),
    effect: async (_action, { dispatch, delay, getState, extra }) => {
      while (selectCardFlood(getState())) {
        await delay(FLOOD_CHECK_MS);
        dispatch(cardFloodChecked(extra.clock().mono));
      }
    },
  });

  // docs/rules.md#r4-9-10, an approval: the gate opens and a granted request is queued.
  startListening({
    actionCreator: callApprovalReceived,
    effect: ({ payload: code }, { dispatch, getState }) => {
      dispatch(gateOpenRequested(code));
      if (code) recordAccessRequest(dispatch, getState(), code, true);
    },
  });

  startListening({
    actionCreator: gateOpenRequested,
    effect: async ({ payload: code }, listener) => {
      if (code) return followGateOpening(listener, listener.extra.hardware.openGate(code));
      const { dispatch, extra } = listener;
      extra.logger.child('gate').error(GATE_NO_CODE_ERROR);
      extra.sound.play('sorryError');
      dispatch(notificationPushed({ status: 'ERROR', title: GATE_NO_CODE_ERROR }));
    },
  });
}

/** A gate opening whose signal has left: the visitor is told, and told again if the panel could not be signalled. */
async function followGateOpening({ dispatch, extra, getState }: AppListenerApi, opening: Promise<void>): Promise<void> {
  const model = selectModel(getState());
  dispatch(gateOpeningStarted());
  extra.sound.play('gateOpen');
  extra.speech.say(prompts.granted(model), { delayMs: AFTER_TONE_MS });
  const granted = notificationPushed({ status: 'SUCCESS', title: english('notice.granted'), body: english('notice.grantedBody') });
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
