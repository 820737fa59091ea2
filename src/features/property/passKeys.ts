import * as v from 'valibot';
import { parseEach } from '../../services/api/answerSchemas';

/** A public key that signs passes, as a JWK (docs/passes.md). */
export const passKeySchema = v.object({
  kty: v.literal('EC'),
  crv: v.literal('P-256'),
  x: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
  y: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
  kid: v.pipe(v.string(), v.minLength(1)),
});

export type PassKey = v.InferOutput<typeof passKeySchema>;

/**
 * The property data's optional pass fields, only where the answer has them:
 * the keys that parse (each bad one a problem) and the revoked ids as text.
 */
export function parsePassFields(answer: Record<string, unknown>, problems: string[]): { pass_keys?: PassKey[]; revoked_passes?: string[] } {
  const fields: { pass_keys?: PassKey[]; revoked_passes?: string[] } = {};
  if (Array.isArray(answer.pass_keys)) {
    const keys = parseEach(passKeySchema, answer.pass_keys, 'pass_keys');
    problems.push(...keys.problems);
    fields.pass_keys = keys.items;
  }
  if (Array.isArray(answer.revoked_passes)) fields.revoked_passes = answer.revoked_passes.filter((jti) => typeof jti === 'string');
  return fields;
}
