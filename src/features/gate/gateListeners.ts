import type { AppStartListening } from '../../store/listenerMiddleware';
import { listenForCallApprovals } from './callApprovalListeners';
import { listenForCardFlood } from './cardFloodListeners';
import { listenForCodesThatOpen } from './codesThatOpenListeners';
import { listenForGateOpenRequests } from './gateOpenListeners';
import { listenForVerdicts } from './verdictListeners';

/**
 * The gate's workflows, one listener each: the codes that open made ready,
 * each code's verdict acted on, floods of card reads watched, call approvals
 * and requests to open the gate carried out. A code's signal is not here: the
 * gate signal middleware (gateSignal.ts) sends it as the code arrives.
 */
export function listenForGate(startListening: AppStartListening): void {
  for (const listen of [listenForCodesThatOpen, listenForVerdicts, listenForCardFlood, listenForCallApprovals, listenForGateOpenRequests]) listen(startListening);
}
