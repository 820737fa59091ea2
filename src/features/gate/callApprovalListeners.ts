import type { AppStartListening } from '../../store/listenerMiddleware';
import { callApprovalReceived, gateOpenRequested } from './gateActions';
import { recordAccessRequest } from './gateOpening';

/** docs/rules.md#r4-9-10, a call's approval: the gate opens and a granted request is queued. */
export function listenForCallApprovals(startListening: AppStartListening): void {
  startListening({
    actionCreator: callApprovalReceived,
    effect: ({ payload: code }, { dispatch, getState }) => {
      dispatch(gateOpenRequested(code));
      if (code) recordAccessRequest(dispatch, getState(), code, true);
    },
  });
}
