import { isAnyOf } from '@reduxjs/toolkit';
import type { AppListenerApi, AppStartListening } from '../../store/listenerMiddleware';
import { isCodeEntryLocked, enteredCodeRefused } from '../code-lock/codeLockSlice';
import { followGateOpening, recordAccessRequest } from '../gate/gateOpening';
import { notificationPushed } from '../notifications/notificationsSlice';
import { propertyLoaded, selectPropertyData, storedPropertyRead } from '../property/propertySlice';
import { selectModel } from '../session/sessionSlice';
import { prompts } from '../speech/prompts';
import { english } from '../../strings/catalogue';
import { checkPass, PASS_LEEWAY_S, type PassCheck } from './checkPass';
import { passVerifier } from './es256';
import { warmPassChecks } from './passWarmUp';
import { passJudged, passScanned } from './passActions';
import { passTimeMs } from './passClock';
import { readPassToken } from './passToken';
import { passUseCounted, selectPassUses } from './passUsesSlice';
import { passGateCode, passRequestCode, refusalText } from './passVerdict';

/** Checks a scanned pass against what the panel knows now; a pass with uses is counted as it is let in. */
async function judgePass(text: string, { dispatch, getState, extra }: AppListenerApi): Promise<void> {
  const reading = extra.clock();
  // The scan screen takes nothing while entry is locked; a pass that arrives anyway is not even checked.
  if (isCodeEntryLocked(getState().codeLock, reading)) return;
  const state = getState();
  const data = selectPropertyData(state);
  const token = readPassToken(text);
  const nowMs = passTimeMs(state, reading, extra.api.serverDate?.() ?? null);
  const verify = await passVerifier().catch((error: unknown) => {
    extra.logger.child('passes').error('The pass could not be checked: no verifier', error);
    return null;
  });
  const check: PassCheck = !verify
    ? { ok: false, reason: 'unchecked', jti: null }
    : token && data
      ? await checkPass(
          token,
          { propertyId: data.property.id, keys: data.pass_keys ?? [], revoked: data.revoked_passes ?? [], nowMs, usesTaken: (jti) => selectPassUses(getState(), jti) },
          verify,
        )
      : { ok: false, reason: 'bad-signature', jti: null };
  if (!check.ok) {
    dispatch(passJudged({ jti: check.jti, verdict: 'refused', reason: check.reason, ...(check.nbf === undefined ? {} : { nbf: check.nbf }) }));
    return;
  }
  const { jti, exp, uses, name } = check.claims;
  if (uses !== undefined) dispatch(passUseCounted({ jti, exp, nowS: nowMs / 1000, forgetAfterS: PASS_LEEWAY_S }));
  dispatch(passJudged({ jti, verdict: 'granted', name, ...(check.claims.resident_id === undefined ? {} : { residentId: check.claims.resident_id }) }));
}

/**
 * Passes scanned from the QR screen (docs/passes.md): each is checked, then
 * acted on as a code is: a valid one opens the gate and greets the guest by
 * name, a refused one is told in words that help; either queues an access
 * request naming the pass. Only a bad signature counts for the code lock.
 * The check is readied as the keys load (passWarmUp.ts).
 */
export function listenForPasses(startListening: AppStartListening): void {
  startListening({
    matcher: isAnyOf(propertyLoaded, storedPropertyRead),
    // A failed warm-up costs only speed: the scan fetches the library again.
    effect: (_action, { getState }) => warmPassChecks(selectPropertyData(getState())?.pass_keys ?? []).catch(() => undefined),
  });
  startListening({ actionCreator: passScanned, effect: ({ payload }, listener) => judgePass(payload, listener) });
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
