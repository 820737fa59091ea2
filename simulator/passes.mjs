/**
 * Passes as a back end issues them (docs/passes.md): a JWS in compact
 * serialization, ES256, the key's `kid` in the protected header. Node's
 * WebCrypto signs; the simulator, `npm run pass`, the unit tests and the
 * benches use it.
 */
const { subtle } = globalThis.crypto;
const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' };

const base64Url = (bytes) => Buffer.from(bytes).toString('base64url');
const jsonPart = (value) => base64Url(new TextEncoder().encode(JSON.stringify(value)));

/** A new signing key: a private JWK (with `d`) named `kid`. */
export async function newPassKey(kid) {
  const pair = await subtle.generateKey(ECDSA_P256, true, ['sign', 'verify']);
  const { kty, crv, x, y, d } = await subtle.exportKey('jwk', pair.privateKey);
  return { kty, crv, x, y, d, kid };
}

/** What the property data publishes in `pass_keys`: the key without its private part. */
export const publicPassKey = ({ kty, crv, x, y, kid }) => ({ kty, crv, x, y, kid });

/** The pass's text (what its QR code holds): `claims` signed with the private JWK `key`. */
export async function signPass(key, claims) {
  const { kty, crv, x, y, d } = key;
  const signer = await subtle.importKey('jwk', { kty, crv, x, y, d }, ECDSA_P256, false, ['sign']);
  const signed = `${jsonPart({ alg: 'ES256', kid: key.kid })}.${jsonPart(claims)}`;
  const signature = await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer, new TextEncoder().encode(signed));
  return `${signed}.${base64Url(new Uint8Array(signature))}`;
}

/** A pass's claims from what a person asks for: valid from now for `hours`. */
export function passClaims({ propertyId, name, kind = 'guest', hours = 24, uses, residentId, nowMs = Date.now(), jti = `pass-${Math.random().toString(36).slice(2, 10)}` }) {
  const nbf = Math.floor(nowMs / 1000);
  return {
    iss: propertyId,
    jti,
    nbf,
    exp: nbf + Math.round(hours * 3600),
    name: String(name).slice(0, 40),
    kind,
    ...(uses ? { uses } : {}),
    ...(residentId === undefined ? {} : { resident_id: residentId }),
  };
}
