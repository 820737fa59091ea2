import { fromBase45 } from './base45';
import { byteStringHead, CborTag, readCbor, type CborValue } from './cbor';
import type { PassToken } from './passClaims';

/*
 * The compact pass (docs/passes.md, "The compact pass"): `KP1:` and the
 * Base45 (RFC 9285) of a tagged COSE_Sign1 (RFC 9052), protected header
 * {1: -7 (ES256), 4: kid}, empty unprotected header, a CWT-style CBOR map of
 * claims (RFC 8392), the signature raw r||s. Read into the JWS's claim names,
 * so one check serves both formats.
 */

export const COSE_PREFIX = 'KP1:';
/** The prefix, then QR alphanumeric characters only. */
export const COSE_SHAPE = /^KP1:[0-9A-Z $%*+\-./:]+$/;
/** Three times the longest pass's text (294 characters): anything longer is no pass, and is not decoded. */
const COSE_TEXT_MAX = 1000;

const HEADER_ALG = 1;
const HEADER_KID = 4;
const ES256 = -7;
/** CWT's registered claims the pass uses, by their JWS names. */
const CWT_CLAIMS = new Map([
  [1, 'iss'],
  [4, 'exp'],
  [5, 'nbf'],
  [7, 'jti'],
]);
/** The first private-use claim key: a map of the pass's own fields. */
const PASS_CLAIM = -65_537;
const OWN_CLAIMS = new Map([
  [1, 'name'],
  [2, 'kind'],
  [3, 'uses'],
  [4, 'resident_id'],
]);

const SIGNATURE1 = new TextEncoder().encode('Signature1');

/** COSE's Sig_structure, ["Signature1", protected, h'', payload]: the bytes the signature covers. */
export function sigStructure(protectedHeader: Uint8Array, payload: Uint8Array): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([
    0x84,
    0x60 | SIGNATURE1.length,
    ...SIGNATURE1,
    ...byteStringHead(protectedHeader.length),
    ...protectedHeader,
    0x40,
    ...byteStringHead(payload.length),
    ...payload,
  ]);
}

/** The entries of `map` that `names` knows, by those names. */
const named = (map: Map<number | string, CborValue>, names: Map<number, string>): Record<string, unknown> =>
  Object.fromEntries([...names].filter(([label]) => map.has(label)).map(([label, name]) => [name, map.get(label)]));

const isBytes = (value: CborValue | undefined): value is Uint8Array<ArrayBuffer> => value instanceof Uint8Array;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The kid from a protected header that is exactly {1: -7, 4: kid}, or null. */
function kidOf(protectedHeader: Uint8Array<ArrayBuffer>): string | null {
  const header = readCbor(protectedHeader);
  if (!(header instanceof Map) || header.size !== 2 || header.get(HEADER_ALG) !== ES256) return null;
  const kid = header.get(HEADER_KID);
  return isBytes(kid) && kid.length > 0 ? utf8.decode(kid) : null;
}

/** The pass's parts, or null when the text is not a well-formed compact pass. */
export function readCoseToken(text: string): PassToken | null {
  if (text.length > COSE_TEXT_MAX || !COSE_SHAPE.test(text)) return null;
  try {
    const sign1 = readCbor(fromBase45(text.slice(COSE_PREFIX.length)));
    if (!(sign1 instanceof CborTag) || !Array.isArray(sign1.value) || sign1.value.length !== 4) return null;
    const [protectedHeader, unprotected, payload, signature] = sign1.value;
    if (!isBytes(protectedHeader) || !(unprotected instanceof Map) || unprotected.size > 0 || !isBytes(payload) || !isBytes(signature) || signature.length !== 64) return null;
    const kid = kidOf(protectedHeader);
    const claims = readCbor(payload);
    if (kid === null || !(claims instanceof Map)) return null;
    const own = claims.get(PASS_CLAIM);
    const raw = { ...named(claims, CWT_CLAIMS), ...(own instanceof Map ? named(own, OWN_CLAIMS) : {}) };
    return { kid, signed: sigStructure(protectedHeader, payload), signature, raw };
  } catch {
    // Not Base45, not CBOR, or a kid that is not UTF-8: not a pass.
    return null;
  }
}
