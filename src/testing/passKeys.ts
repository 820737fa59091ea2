import fc from 'fast-check';
import type { PassContext } from '../features/passes/checkPass';
import { publicPassKey, signPass, type PassFormat, type PassSigningKey } from '../../simulator/passes.mjs';

/** Fixed signing keys for tests: a pass signed with one is checked against its public half. */
export const KEY_A: PassSigningKey = {
  kty: 'EC',
  crv: 'P-256',
  x: 'u3aMbikisKe5NOZ45cajryrnBZIiQtVqUK-r6xtxwPE',
  y: 'OvdKvzynkLiYS2chz5TZ2eHYgMeyXvSB9HC56eYhebk',
  d: 'JLMo3IhhYACefPPWpIge_CgbXy5KTwtZLe9T56u5dQk',
  kid: 'key-a',
};
export const KEY_B: PassSigningKey = {
  kty: 'EC',
  crv: 'P-256',
  x: '4ZgtOMNF7sBK5OfHutAntf-wK_RQOJhKYNlJoPp96kM',
  y: 'S8MfxNfrReY5WGcUjC3eYkw9gVh8vhfA322n8aEdfGg',
  d: 'Vy4Hz36N3a0_9CUFeQilR1aXrG-az7pHSK5KDkOla58',
  kid: 'key-b',
};

/** 2026-06-01T12:00:00Z, in seconds. */
export const NOW_S = 1_780_315_200;

export const PROPERTY_ID = 7;

/** A guest pass's claims for property 7, valid an hour either side of NOW_S, with `changes` applied. */
export const passClaimsFor = (changes: Record<string, unknown> = {}): Record<string, unknown> => ({
  iss: PROPERTY_ID,
  jti: 'pass-1',
  nbf: NOW_S - 3600,
  exp: NOW_S + 3600,
  name: 'Ana',
  kind: 'guest',
  ...changes,
});

/** That pass signed by `key`, a JWS unless `format` says otherwise. */
export const passFor = (changes: Record<string, unknown> = {}, key: PassSigningKey = KEY_A, format: PassFormat = 'jws'): Promise<string> =>
  signPass(key, passClaimsFor(changes), format);

export { publicPassKey };

/** What the panel knows when it checks: property 7, KEY_A published, nothing revoked or used, the time NOW_S; with `changes`. */
export const passContext = (changes: Partial<PassContext> = {}): PassContext => ({
  propertyId: PROPERTY_ID,
  keys: [publicPassKey(KEY_A)],
  revoked: [],
  nowMs: NOW_S * 1000,
  usesTaken: () => 0,
  ...changes,
});

/** Any one claim of passClaimsFor() changed to another value a pass may have. */
export const claimChanges = fc.oneof(
  fc.record({ jti: fc.string({ minLength: 1, maxLength: 64 }).filter((jti) => jti !== 'pass-1') }),
  fc.record({ nbf: fc.integer({ min: 0, max: 2 ** 31 }).filter((nbf) => nbf !== NOW_S - 3600) }),
  fc.record({ exp: fc.integer({ min: 0, max: 2 ** 31 }).filter((exp) => exp !== NOW_S + 3600) }),
  fc.record({ name: fc.string({ maxLength: 40 }).filter((name) => name !== 'Ana') }),
  fc.record({ kind: fc.constant('delivery') }),
  fc.record({ uses: fc.integer({ min: 1, max: 1000 }) }),
  fc.record({ resident_id: fc.oneof(fc.integer(), fc.string()) }),
);
