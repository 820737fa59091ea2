export function cbor(value: unknown): Uint8Array;
export function base45(bytes: Uint8Array): string;
export const COSE_PREFIX: 'KP1:';
export function coseToSign(claims: object, kid: string): { signed: Uint8Array; text: (signature: Uint8Array) => string };
