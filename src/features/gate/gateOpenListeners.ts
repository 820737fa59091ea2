import type { AppStartListening } from '../../store/listenerMiddleware';
import { english } from '../../strings/catalogue';
import { notificationPushed } from '../notifications/notificationsSlice';
import { gateOpenRequested } from './gateActions';
import { followGateOpening } from './gateOpening';

export const GATE_NO_CODE_ERROR = english('notice.noCode');

/** Opens the gate on request (a call's approval) with the approver's code; without one, the no-code error (docs/rules.md#r8-1-3). */
export function listenForGateOpenRequests(startListening: AppStartListening): void {
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
