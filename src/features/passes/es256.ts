import type { PassKey } from '../property/passKeys';

/** Checks an ES256 signature (r||s) over `signed` with a public key. */
export type Es256Verify = (key: PassKey, signed: Uint8Array<ArrayBuffer>, signature: Uint8Array<ArrayBuffer>) => Promise<boolean>;

const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/**
 * WebCrypto's ECDSA, each key imported once (the first use pays the import).
 * A published key WebCrypto refuses (not a point on the curve) verifies
 * nothing, as in the library: the pass is not valid, not a failed check.
 */
export function webCryptoVerifier(subtle: SubtleCrypto): Es256Verify {
  const imported = new Map<string, Promise<CryptoKey>>();
  const keyOf = ({ x, y }: PassKey) => {
    const id = `${x}.${y}`;
    let key = imported.get(id);
    if (!key) {
      key = subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x, y, ext: true }, ECDSA_P256, false, ['verify']);
      imported.set(id, key);
    }
    return key;
  };
  return async (key, signed, signature) => {
    try {
      return await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, await keyOf(key), signature, signed);
    } catch {
      return false;
    }
  };
}

const pageSubtle = () => (globalThis.isSecureContext === false ? undefined : globalThis.crypto?.subtle);

let chosen: Promise<Es256Verify> | null = null;
let noble: Promise<typeof import('./nobleVerifier')> | null = null;
/** The library's chunk, fetched once; a failed fetch is tried again next time. */
const loadNoble = () =>
  (noble ??= import('./nobleVerifier').catch((error: unknown) => {
    noble = null;
    chosen = null;
    throw error;
  }));

/** WebCrypto where the page has it (a secure context); elsewhere the library, fetched only then. */
export function passVerifier(): Promise<Es256Verify> {
  const subtle = pageSubtle();
  chosen ??= subtle ? Promise.resolve(webCryptoVerifier(subtle)) : loadNoble().then(({ nobleVerifier }) => nobleVerifier);
  return chosen;
}
