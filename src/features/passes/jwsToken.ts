import * as v from 'valibot';
import type { PassToken } from './passClaims';

/*
 * A pass as a JWS in compact serialization (RFC 7515), ES256, its key's `kid`
 * in the protected header (docs/passes.md).
 */

/** Three base64url parts, the first a JSON object (`{"` encodes as `eyJ`). */
export const JWS_SHAPE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const headerSchema = v.object({ alg: v.literal('ES256'), kid: v.pipe(v.string(), v.minLength(1)) });

export function base64UrlBytes(part: string): Uint8Array<ArrayBuffer> {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const jsonOf = (part: string): unknown => JSON.parse(new TextDecoder().decode(base64UrlBytes(part)));

/** The pass's parts, or null when the text is not an ES256 JWS with a kid and a JSON object of claims. */
export function readJwsToken(text: string): PassToken | null {
  if (!JWS_SHAPE.test(text)) return null;
  const [header = '', payload = '', signature = ''] = text.split('.');
  try {
    const head = v.safeParse(headerSchema, jsonOf(header));
    const raw = jsonOf(payload);
    const bytes = base64UrlBytes(signature);
    if (!head.success || typeof raw !== 'object' || raw === null || Array.isArray(raw) || bytes.length !== 64) return null;
    return { kid: head.output.kid, signed: new TextEncoder().encode(`${header}.${payload}`), signature: bytes, raw: raw as Record<string, unknown> };
  } catch {
    // Not base64url of JSON: not a pass.
    return null;
  }
}
