import type { AppDispatch, AppStartListening } from '../../app/listenerMiddleware';
import type { RootState } from '../../app/rootReducer';
import { gateOpeningEnded, gateOpeningStarted } from '../app-status/appStatusSlice';
import { accessRequestQueued } from '../access-queue/accessQueueSlice';
import { notificationPushed } from '../notifications/notificationsSlice';
import { selectRecordsAccessRequests, selectValidCodes } from '../property/selectors';
import { isValidEnteredCode, isValidHardwareCode } from '../property/validCodes';
import { callApprovalReceived, codeEntered, gateOpenRequested, hardwareCodeRead } from './gateActions';

export const GATE_NO_CODE_ERROR = 'User who opened gate does not have access code';
const SORRY_CODE = "Sorry, that code didn't work";

function recordAccessRequest(dispatch: AppDispatch, state: RootState, code: string, granted: boolean): void {
  if (!selectRecordsAccessRequests(state)) return;
  dispatch(accessRequestQueued({ user_code: code, access_granted: granted, created_at: new Date().toISOString() }));
}

/** Validates typed, scanned and hardware codes, takes call approvals, and opens the gate through the hardware socket. */
export function listenForGate(startListening: AppStartListening): void {
  startListening({
    predicate: (action) => codeEntered.match(action) || hardwareCodeRead.match(action),
    effect: (action, { dispatch, getState, extra }) => {
      const state = getState();
      const validCodes = selectValidCodes(state);
      const fromHardware = hardwareCodeRead.match(action);
      const code = fromHardware ? action.payload : codeEntered.match(action) ? action.payload.code : '';
      const valid = fromHardware ? isValidHardwareCode(validCodes, code) : isValidEnteredCode(validCodes, code);
      recordAccessRequest(dispatch, state, code, valid);
      if (valid) {
        dispatch(gateOpenRequested(code));
        return;
      }
      extra.sound.play(fromHardware ? 'error' : 'sorryCode');
      dispatch(notificationPushed({ status: 'ERROR', title: SORRY_CODE }));
    },
  });

  // SPEC.md section 4, "Completion with shouldOpenGate": the gate opens and a granted request is queued.
  startListening({
    actionCreator: callApprovalReceived,
    effect: ({ payload: code }, { dispatch, getState }) => {
      dispatch(gateOpenRequested(code));
      if (code) recordAccessRequest(dispatch, getState(), code, true);
    },
  });

  startListening({
    actionCreator: gateOpenRequested,
    effect: async ({ payload: code }, { dispatch, extra }) => {
      if (!code) {
        extra.logger.error(GATE_NO_CODE_ERROR);
        extra.sound.play('sorryError');
        dispatch(notificationPushed({ status: 'ERROR', title: GATE_NO_CODE_ERROR }));
        return;
      }
      extra.sound.play('gateOpen');
      dispatch(notificationPushed({ status: 'SUCCESS', title: 'Access Granted!', body: 'You can now enter' }));
      dispatch(gateOpeningStarted());
      try {
        await extra.hardware.openGate(code);
      } catch (error) {
        extra.logger.error('The gate could not be opened', error);
      } finally {
        dispatch(gateOpeningEnded());
      }
    },
  });
}
