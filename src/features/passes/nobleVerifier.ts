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
