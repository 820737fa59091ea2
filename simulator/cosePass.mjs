// The compact pass as a back end issues it (docs/passes.md, "The compact
// pass"), the same claims and key as the JWS: a COSE_Sign1 (RFC 9052, ES256,
// kid in the protected header) over a CWT-style CBOR map (RFC 8392: iss 1,
// exp 4, nbf 5, jti 7; the pass's own fields in a private-use claim), the
// signature raw r||s, in Base45 (RFC 9285) behind `KP1:`, all QR alphanumeric
// characters. The panel reads it in src/features/passes/coseToken.ts.

/** CBOR (RFC 8949) of integers, text, bytes, arrays, maps (entries in order) and tags: all a pass needs. */
export function cbor(value) {
  const head = (major, n) => {
    if (n < 24) return [(major << 5) | n];
    const bytes = n < 0x100 ? 1 : n < 0x10000 ? 2 : 4;
    return [(major << 5) | (bytes === 1 ? 24 : bytes === 2 ? 25 : 26), ...Array.from({ length: bytes }, (_, i) => (n >>> (8 * (bytes - 1 - i))) & 0xff)];
  };
  if (Number.isSafeInteger(value) && Math.abs(value) < 2 ** 32) return Uint8Array.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === 'string') return concat([Uint8Array.from(head(3, Buffer.byteLength(value))), Buffer.from(value)]);
  if (ArrayBuffer.isView(value)) return concat([Uint8Array.from(head(2, value.length)), value]);
  if (Array.isArray(value)) return concat([Uint8Array.from(head(4, value.length)), ...value.map(cbor)]);
  if (value instanceof Map) return concat([Uint8Array.from(head(5, value.size)), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  if (value?.tag !== undefined) return concat([Uint8Array.from(head(6, value.tag)), cbor(value.content)]);
  throw new TypeError(`no CBOR for ${value}`);
}

const concat = (parts) => Uint8Array.from(parts.flatMap((part) => [...part]));

const BASE45 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

/** Base45 (RFC 9285): two bytes to three characters, a last odd byte to two. */
export function base45(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 2) {
    let n = i + 1 < bytes.length ? bytes[i] * 256 + bytes[i + 1] : bytes[i];
    const digits = i + 1 < bytes.length ? 3 : 2;
    for (let d = 0; d < digits; d += 1, n = Math.floor(n / 45)) text += BASE45[n % 45];
  }
  return text;
}

export const COSE_PREFIX = 'KP1:';
/** The first claim key of CWT's private-use range: the pass's own fields, nested as the certificate nests its own. */
const PASS_CLAIM = -65_537;
const ES256 = -7;
const CWT = { iss: 1, exp: 4, nbf: 5, jti: 7 };
const OWN = { name: 1, kind: 2, uses: 3, resident_id: 4 };

/**
 * `claims` (a JWS pass's, docs/passes.md) for key `kid` as a compact pass:
 * `signed`, the bytes to sign (COSE's Sig_structure), and `text(signature)`,
 * the pass's text once its raw r||s signature is known.
 */
export function coseToSign(claims, kid) {
  const protectedHeader = cbor(new Map([[1, ES256], [4, new TextEncoder().encode(kid)]]));
  const own = new Map(Object.entries(OWN).filter(([name]) => claims[name] !== undefined).map(([name, key]) => [key, claims[name]]));
  const payload = cbor(new Map([...Object.entries(CWT).map(([name, key]) => [key, claims[name]]), [PASS_CLAIM, own]]));
  return {
    signed: cbor(['Signature1', protectedHeader, new Uint8Array(0), payload]),
    text: (signature) => `${COSE_PREFIX}${base45(cbor({ tag: 18, content: [protectedHeader, new Map(), payload, Uint8Array.from(signature)] }))}`,
  };
}
