import type { PassKey } from '../property/passKeys';
import { checkPass, type PassContext } from './checkPass';
import { passVerifier } from './es256';
import { readPassToken } from './passToken';

/*
 * Readying the pass check when the property data brings its keys, so that
 * the first visitor to scan a pass waits no longer than the next: the
 * verifier is made (on a page without WebCrypto, @noble/curves fetched) and
 * run with each key not seen yet (WebCrypto's import of it; the library's
 * decoding of it and its lazy tables), and the kiosk's own reading and
 * checking code runs on a pass of each format, so the engine has compiled
 * it. Nothing is dispatched: the checks' results are thrown away.
 */

/** Any signature in range: its check does all the work of a real one, then fails. */
const WARM_SIGNATURE = new Uint8Array(64).fill(1);
/** As long as a pass's signed part, so hashing it is warmed too. */
const WARM_MESSAGE = new Uint8Array(256);
/** Runs of each: the engine optimises code it has run more than once. */
const WARM_ROUNDS = 3;

/** docs/passes.md's worked example, in both formats, and what the panel knows for it to pass every check. */
export const SAMPLE_PASSES = [
  'eyJhbGciOiJFUzI1NiIsImtpZCI6ImtleS1hIn0.eyJpc3MiOjcsImp0aSI6InBhc3MtMSIsIm5iZiI6MTc4MDMxMTYwMCwiZXhwIjoxNzgwMzk4MDAwLCJuYW1lIjoiQW5hIiwia2luZCI6Imd1ZXN0IiwidXNlcyI6Mn0.qzMMDWPTgUk0PDube69DF47kIpBg75dlaovFpDdbHsVtSMUGRzPH5F9PjdlXrzzcyLblzjtryIsonAzJ3MsT3g',
  'KP1:RRQQJ9O60DO0/PDGEFHFCQ6BV%K-*0CF3X*3GBMCF3BW3A36Y.CHECAPE2A6100000ERKTOC..DSD0P3D6$C:TEFD0H98FOP/FM*:2KB9 9JYQIHVC2IOU/FX5OX NT8L*FQ%T817JV0M/GPBWM:MD766WZ2NXEMGG+UHK46O-7BXDBW82J0/DKVH1P4',
];
export const SAMPLE_CONTEXT: PassContext = {
  propertyId: 7,
  keys: [{ kty: 'EC', crv: 'P-256', kid: 'key-a', x: 'u3aMbikisKe5NOZ45cajryrnBZIiQtVqUK-r6xtxwPE', y: 'OvdKvzynkLiYS2chz5TZ2eHYgMeyXvSB9HC56eYhebk' }],
  revoked: [],
  nowMs: 1_780_315_200_000,
  usesTaken: () => 0,
};

const keysWarmed = new Set<string>();
let checksWarmed = false;

/** Readies the check for `keys` (each once a page); without keys, does nothing and fetches nothing. */
export async function warmPassChecks(keys: readonly PassKey[]): Promise<void> {
  if (keys.length === 0) return;
  const verify = await passVerifier();
  for (const key of keys) {
    const id = `${key.x}.${key.y}`;
    if (keysWarmed.has(id)) continue;
    keysWarmed.add(id);
    // A key WebCrypto will not import fails its passes' checks later, not this warm-up.
    for (let round = 0; round < WARM_ROUNDS; round += 1) await verify(key, WARM_MESSAGE, WARM_SIGNATURE).catch(() => false);
  }
  if (checksWarmed) return;
  checksWarmed = true;
  for (let round = 0; round < WARM_ROUNDS; round += 1) {
    for (const text of SAMPLE_PASSES) {
      const token = readPassToken(text);
      if (token) await checkPass(token, SAMPLE_CONTEXT, verify);
    }
  }
}
