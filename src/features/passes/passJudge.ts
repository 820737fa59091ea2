import type { ClockReading } from '../../lib/elapsedClock';
import type { AppListenerApi } from '../../store/listenerMiddleware';
import { selectPropertyData } from '../property/propertySlice';
import { checkPass, PASS_LEEWAY_S, type PassCheck } from './checkPass';
import { passVerifier } from './es256';
import { passJudged } from './passActions';
import { passTimeMs } from './passClock';
import { readPassToken } from './passToken';
import { passUseCounted, selectPassUses } from './passUsesSlice';

export { warmPassChecks } from './passWarmUp';

/**
 * The pass reader and checker (both formats' decoding, the claims' schema,
 * the verifier), in a chunk of its own: passListeners.ts fetches it at the
 * first scanned pass or once the property data brings keys, never on the
 * welcome screen's path.
 */

/** Checks a scanned pass against what the panel knows now (`reading`: when it came); a pass with uses is counted as it is let in. */
export async function judgePass(text: string, reading: ClockReading, { dispatch, getState, extra }: AppListenerApi): Promise<void> {
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
