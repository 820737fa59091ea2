import { afterFirstScreen } from '../../lib/afterFirstScreen';
import type { AppDispatch, AppStartListening } from '../../store/listenerMiddleware';
import type { RootState } from '../../app/rootReducer';
import { english } from '../../strings/catalogue';
import { cardFloodChecked, cardReadNoted, gateOpeningEnded, gateOpeningStarted, selectCardFlood } from '../gate/gateSlice';
import { accessRequestQueued } from '../access-queue/accessQueueSlice';
import { enteredCodeRefused, isCodeEntryLocked } from '../code-lock/codeLockSlice';
import { selectModel } from '../session/sessionSlice';
import { prompts } from '../speech/prompts';
import { notificationPopped, notificationPushed } from '../notifications/notificationsSlice';
import { selectRecordsAccessRequests } from '../property/selectors';
import { isValidEnteredCode, isValidHardwareCode } from '../property/validCodes';
import {
  callApprovalReceived,
  codeEntered,
  gateOpenRequested,
  gateSignalFailed,
  gateSignalled,
  hardwareCodeRead,
  hardwareReadRefused,
} from './gateActions';
import { selectCodesThatOpen } from './codesThatOpen';

export const GATE_NO_CODE_ERROR = english('notice.noCode');
const SORRY_CODE = english('notice.codeRefused');
/** Shown when the panel could not be signalled within its 10 s window (docs/rules.md#r8-1-5, #r4-8-3). */
export const GATE_FAILED_TITLE = english('notice.gateFailed');
export const GATE_FAILED_BODY = english('notice.gateFailedBody');

/** Longer than any card format's number: such a read is refused without comparing. */
export const CARD_READ_MAX = 64;
/** Marks a read recorded cut to CARD_READ_MAX characters. */
export const CUT_MARKER = '…';
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
      selectCodesThatOpen(listener.getState(), Date.now());
    },
  });

  startListening({
    predicate: (action) => codeEntered.match(action) || hardwareCodeRead.match(action) || hardwareReadRefused.match(action),
    effect: (action, { dispatch, getState, extra }) => {
      const fromHardware = !codeEntered.match(action);
      if (fromHardware) dispatch(cardReadNoted(extra.clock().mono));
      const state = getState();
      const validCodes = selectCodesThatOpen(state, Date.now());
      let code = '';
      let valid = false;
      if (codeEntered.match(action)) {
        // The screens take no codes while entry is locked; one that arrives anyway is not even checked.
        if (isCodeEntryLocked(state.codeLock, extra.clock())) return;
        code = action.payload.code;
        valid = isValidEnteredCode(validCodes, code);
      } else if (hardwareCodeRead.match(action) || hardwareReadRefused.match(action)) {
        const read = action.payload;
        code = read.length > CARD_READ_MAX ? read.slice(0, CARD_READ_MAX) + CUT_MARKER : read;
        valid = hardwareCodeRead.match(action) && read.length <= CARD_READ_MAX && isValidHardwareCode(validCodes, read);
      }
      if (valid) {
        // The gate first: its signal leaves before the request is recorded.
        dispatch(gateOpenRequested(code));
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
    effect: async ({ payload: code }, { dispatch, extra, getState }) => {
      const model = selectModel(getState());
      if (!code) {
        extra.logger.child('gate').error(GATE_NO_CODE_ERROR);
        extra.sound.play('sorryError');
        dispatch(notificationPushed({ status: 'ERROR', title: GATE_NO_CODE_ERROR }));
        return;
      }
      // Called before anything else: with the socket open, wiegand is sent right here.
      const opening = extra.hardware.openGate(code);
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
    },
  });
}
