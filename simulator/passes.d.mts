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
export function signPass(key: PassSigningKey, claims: object): Promise<string>;
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
