/**
 * Passes as a back end issues them (docs/passes.md), in either format: a JWS
 * in compact serialization, ES256, the key's `kid` in the protected header;
 * or the compact COSE pass (cosePass.mjs). Node's WebCrypto signs; the
 * simulator, `npm run pass`, the unit tests and the benches use it.
 */
import { COSE_PREFIX, coseToSign } from './cosePass.mjs';

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

/** The formats a pass is issued in: the JWS, and the compact one that scans better (docs/passes.md). */
export const PASS_FORMATS = ['cose', 'jws'];

/**
 * `claims` for key `kid` in `format`: `signed`, the bytes the ES256
 * signature covers, and `text(signature)`, the pass's text (what its QR code
 * holds) once the raw r||s signature is known.
 */
export function passToSign(format, claims, kid) {
  if (format === 'cose') return coseToSign(claims, kid);
  if (format !== 'jws') throw new TypeError(`no pass format ${format}`);
  const signed = `${jsonPart({ alg: 'ES256', kid })}.${jsonPart(claims)}`;
  return { signed: new TextEncoder().encode(signed), text: (signature) => `${signed}.${base64Url(signature)}` };
}

/** The pass's text: `claims` signed with the private JWK `key`, a JWS unless `format` is `cose`. */
export async function signPass(key, claims, format = 'jws') {
  const { kty, crv, x, y, d } = key;
  const signer = await subtle.importKey('jwk', { kty, crv, x, y, d }, ECDSA_P256, false, ['sign']);
  const { signed, text } = passToSign(format, claims, key.kid);
  return text(new Uint8Array(await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer, signed)));
}

/**
 * The error correction a pass's QR code is drawn at: L for the compact pass
 * (a phone's screen is neither scratched nor dirty, and L's smaller code
 * reads best on the bench), M for the JWS, as docs/passes.md measures it.
 */
export const passQrLevel = (text) => (text.startsWith(COSE_PREFIX) ? 'L' : 'M');

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
