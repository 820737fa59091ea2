import { isAnyOf } from '@reduxjs/toolkit';
import type { AppListenerApi, AppStartListening } from '../../store/listenerMiddleware';
import { isCodeEntryLocked, enteredCodeRefused } from '../code-lock/codeLockSlice';
import { followGateOpening, recordAccessRequest } from '../gate/gateOpening';
import { notificationPushed } from '../notifications/notificationsSlice';
import { propertyLoaded, selectPropertyData, storedPropertyRead } from '../property/propertySlice';
import { selectModel } from '../session/sessionSlice';
import { prompts } from '../speech/prompts';
import { english } from '../../strings/catalogue';
import { loadOnce } from '../../lib/loadOnce';
import { passJudged, passScanned } from './passActions';
import { passGateCode, passRequestCode, refusalText } from './passVerdict';

/** passJudge.ts's chunk, fetched once; a failed fetch is tried again at the next pass. */
const loadJudge = loadOnce(() => import('./passJudge'));

/** Checks a scanned pass; one that arrives while entry is locked is not even checked (the scan screen takes nothing then). */
async function passTaken(text: string, listener: AppListenerApi): Promise<void> {
  const { dispatch, getState, extra } = listener;
  const reading = extra.clock();
  if (isCodeEntryLocked(getState().codeLock, reading)) return;
  const judge = await loadJudge().catch((error: unknown) => {
    extra.logger.child('passes').error('The pass could not be checked: its checker could not be loaded', error);
    return null;
  });
  // Nothing is known of the pass: refused as a missing verifier refuses it.
  if (!judge) dispatch(passJudged({ jti: null, verdict: 'refused', reason: 'unchecked' }));
  else await judge.judgePass(text, reading, listener);
}

/**
 * Passes scanned from the QR screen (docs/passes.md): each is checked, then
 * acted on as a code is: a valid one opens the gate and greets the guest by
 * name, a refused one is told in words that help; either queues an access
 * request naming the pass. Only a bad signature counts for the code lock.
 * The check is readied as the keys load (passWarmUp.ts); its code, in
 * passJudge.ts's chunk, is fetched then or at the first pass.
 */
export function listenForPasses(startListening: AppStartListening): void {
  startListening({
    matcher: isAnyOf(propertyLoaded, storedPropertyRead),
    effect: async (_action, { getState }) => {
      const keys = selectPropertyData(getState())?.pass_keys ?? [];
      // Without keys nothing is fetched; a failed warm-up costs only speed: the scan fetches the code again.
      if (keys.length > 0) await loadJudge().then(({ warmPassChecks }) => warmPassChecks(keys)).catch(() => undefined);
    },
  });
  startListening({ actionCreator: passScanned, effect: ({ payload }, listener) => passTaken(payload, listener) });
  startListening({
    actionCreator: passJudged,
    effect: ({ payload }, listener) => {
      const { dispatch, getState, extra } = listener;
      const state = getState();
      const code = passRequestCode(payload.jti);
      if (payload.verdict === 'granted') {
        recordAccessRequest(dispatch, state, code, true);
        return followGateOpening(listener, extra.hardware.openGate(passGateCode(selectPropertyData(state), payload.residentId)), english('notice.passWelcome', { name: payload.name }));
      }
      if (payload.reason === 'bad-signature') dispatch(enteredCodeRefused({ reading: extra.clock(), settings: extra.settings.codeLock }));
      recordAccessRequest(dispatch, state, code, false, payload.reason);
      extra.sound.play('error');
      extra.speech.say(prompts.refused(selectModel(state)));
      dispatch(notificationPushed({ status: 'ERROR', title: refusalText(payload.reason, payload.nbf) }));
      return undefined;
    },
  });
}
