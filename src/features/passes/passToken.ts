import * as v from 'valibot';

/*
 * A pass as its QR code carries it: a JWS in compact serialization (RFC 7515),
 * ES256, its key's `kid` in the protected header (docs/passes.md). Anything
 * that does not have this shape is not a pass and keeps SPEC's path.
 */

/** Three base64url parts, the first a JSON object (`{"` encodes as `eyJ`). */
const PASS_SHAPE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const looksLikePass = (text: string): boolean => PASS_SHAPE.test(text);

export const PASS_ID_MAX = 64;
export const PASS_NAME_MAX = 40;

const seconds = v.pipe(v.number(), v.finite());

export const passClaimsSchema = v.object({
  iss: v.pipe(v.number(), v.safeInteger()),
  jti: v.pipe(v.string(), v.minLength(1), v.maxLength(PASS_ID_MAX)),
  nbf: seconds,
  exp: seconds,
  name: v.pipe(v.string(), v.maxLength(PASS_NAME_MAX)),
  kind: v.picklist(['guest', 'delivery']),
  uses: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  resident_id: v.optional(v.union([v.number(), v.string()])),
});

export type PassClaims = v.InferOutput<typeof passClaimsSchema>;

const headerSchema = v.object({ alg: v.literal('ES256'), kid: v.pipe(v.string(), v.minLength(1)) });

/** A pass taken apart, nothing checked but its form: what is signed, the signature, and the claims as sent. */
export interface PassToken {
  kid: string;
  /** The ASCII of `header.payload`: what the signature covers. */
  signed: Uint8Array<ArrayBuffer>;
  /** r and s, 32 bytes each (JWS's form, and WebCrypto's). */
  signature: Uint8Array<ArrayBuffer>;
  /** The claims as sent, before their schema: `iss` is looked at before the signature. */
  raw: Record<string, unknown>;
}

export function base64UrlBytes(part: string): Uint8Array<ArrayBuffer> {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const jsonOf = (part: string): unknown => JSON.parse(new TextDecoder().decode(base64UrlBytes(part)));

/** The pass's parts, or null when the text is not an ES256 JWS with a kid and a JSON object of claims. */
export function readPassToken(text: string): PassToken | null {
  if (!looksLikePass(text)) return null;
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
