export interface PassSigningKey {
  kty: string;
  crv: string;
  x: string;
  y: string;
  d: string;
  kid: string;
}
export interface PublicPassKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
}
export function newPassKey(kid: string): Promise<PassSigningKey>;
export function publicPassKey(key: PassSigningKey): PublicPassKey;
export type PassFormat = 'cose' | 'jws';
export const PASS_FORMATS: PassFormat[];
export function passToSign(format: PassFormat, claims: object, kid: string): { signed: Uint8Array; text: (signature: Uint8Array) => string };
export function signPass(key: PassSigningKey, claims: object, format?: PassFormat): Promise<string>;
export function passQrLevel(text: string): 'L' | 'M';
export function passClaims(request: {
  propertyId: number;
  name: string;
  kind?: 'guest' | 'delivery';
  hours?: number;
  uses?: number;
  residentId?: number | string;
  nowMs?: number;
  jti?: string;
}): Record<string, unknown>;
