import { p256 } from '@noble/curves/nist.js';
import type { Es256Verify } from './es256';
import type { PassKey } from '../property/passKeys';
import { base64UrlBytes } from './jwsToken';

const points = new Map<string, Uint8Array>();

/** A key as the uncompressed point the library reads, built once per key. */
function pointOf({ x, y }: PassKey): Uint8Array {
  const id = `${x}.${y}`;
  let point = points.get(id);
  if (!point) {
    point = new Uint8Array(65);
    point.set([4]);
    point.set(base64UrlBytes(x), 1);
    point.set(base64UrlBytes(y), 33);
    points.set(id, point);
  }
  return point;
}

/**
 * ES256 by @noble/curves (audited, maintained, no dependencies but
 * @noble/hashes), for pages without WebCrypto's `crypto.subtle`: an `http`
 * page from another host is not a secure context. Loaded only there
 * (es256.ts imports it dynamically). High-S signatures are accepted, as
 * WebCrypto and every JWS library accept them.
 */
export const nobleVerifier: Es256Verify = async (key, signed, signature) => {
  try {
    return p256.verify(signature, signed, pointOf(key), { lowS: false });
  } catch {
    // A point not on the curve, or a malformed signature: not this key's.
    return false;
  }
};

/** Any signature in range: its check does all the work of a real one, then fails. */
const WARM_SIGNATURE = new Uint8Array(64).fill(1);
/** As long as a pass's signed part, so hashing it is warmed too. */
const WARM_MESSAGE = new Uint8Array(256);
/** Checks run at warm-up: the engine optimises code it has run more than once. */
const WARM_ROUNDS = 3;

/**
 * Runs one check with each key not seen yet, so the library's first use (its
 * lazy tables, the engine's compiling of it) is paid when the keys load
 * rather than by the first visitor to scan a pass.
 */
export async function warmNoble(keys: readonly PassKey[]): Promise<void> {
  for (const key of keys) {
    if (points.has(`${key.x}.${key.y}`)) continue;
    for (let round = 0; round < WARM_ROUNDS; round += 1) await nobleVerifier(key, WARM_MESSAGE, WARM_SIGNATURE);
  }
}
