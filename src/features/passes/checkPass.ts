import * as v from 'valibot';
import type { Es256Verify } from './es256';
import type { PassKey } from '../property/passKeys';
import { PASS_ID_MAX, passClaimsSchema, type PassClaims, type PassToken } from './passClaims';

/** A pass is accepted this long before `nbf` and after `exp`: panel and back end clocks differ a little. */
export const PASS_LEEWAY_S = 60;

/**
 * Why a pass was refused. Only `bad-signature` (an unknown key, or a signature
 * that does not match) counts against the guessing budget: the others are
 * real passes (or can never open anything, like another property's).
 * `unchecked` is the panel's own failure: no verifier (the library's file
 * could not be fetched), so nothing is known of the pass.
 */
export type PassRefusal = 'other-property' | 'bad-signature' | 'malformed' | 'revoked' | 'not-yet' | 'expired' | 'used' | 'unchecked';

export type PassCheck = { ok: true; claims: PassClaims } | { ok: false; reason: PassRefusal; jti: string | null; nbf?: number };

/** What the panel knows when it checks a pass. */
export interface PassContext {
  propertyId: number;
  keys: readonly PassKey[];
  revoked: readonly string[];
  /** The best time the panel has, epoch ms (passClock.ts). */
  nowMs: number;
  /** Entries this panel has already let the pass make. */
  usesTaken: (jti: string) => number;
}

/** The pass's id as sent, for the record of a refusal (unverified when the signature is bad). */
const claimedId = ({ jti }: Record<string, unknown>): string | null => (typeof jti === 'string' && jti !== '' ? jti.slice(0, PASS_ID_MAX) : null);

/** Checks a pass in the order that tells a visitor most: property, signature, form, revocation, time, uses. */
export async function checkPass(token: PassToken, context: PassContext, verify: Es256Verify): Promise<PassCheck> {
  const jti = claimedId(token.raw);
  const refused = (reason: PassRefusal, nbf?: number): PassCheck => ({ ok: false, reason, jti, ...(nbf === undefined ? {} : { nbf }) });
  // Another property's pass can never open this gate, signed or not: no guess, told plainly.
  if (token.raw.iss !== context.propertyId) return refused('other-property');
  const key = context.keys.find((known) => known.kid === token.kid);
  if (!key || !(await verify(key, token.signed, token.signature))) return refused('bad-signature');
  const claims = v.safeParse(passClaimsSchema, token.raw);
  if (!claims.success) return refused('malformed');
  const pass = claims.output;
  if (context.revoked.includes(pass.jti)) return refused('revoked');
  const now = context.nowMs / 1000;
  if (now < pass.nbf - PASS_LEEWAY_S) return refused('not-yet', pass.nbf);
  if (now > pass.exp + PASS_LEEWAY_S) return refused('expired');
  if (pass.uses !== undefined && context.usesTaken(pass.jti) >= pass.uses) return refused('used');
  return { ok: true, claims: pass };
}
