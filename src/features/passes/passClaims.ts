import * as v from 'valibot';

/*
 * A pass's claims and what the panel takes from its text before checking it,
 * the same for both formats (docs/passes.md): the JWS (jwsToken.ts) and the
 * compact COSE pass (coseToken.ts).
 */

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

/** A pass taken apart, nothing checked but its form: what is signed, the signature, and the claims as sent. */
export interface PassToken {
  kid: string;
  /** The bytes the signature covers: the JWS's `header.payload`, or the COSE pass's Sig_structure. */
  signed: Uint8Array<ArrayBuffer>;
  /** r and s, 32 bytes each (both formats' form, and WebCrypto's). */
  signature: Uint8Array<ArrayBuffer>;
  /** The claims as sent, by their JWS names, before their schema: `iss` is looked at before the signature. */
  raw: Record<string, unknown>;
}
