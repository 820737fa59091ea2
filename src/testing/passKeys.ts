import { publicPassKey, signPass, type PassSigningKey } from '../../simulator/passes.mjs';

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

/** A guest pass for property 7, valid an hour either side of NOW_S, with `changes` applied. */
export const passFor = (changes: Record<string, unknown> = {}, key: PassSigningKey = KEY_A): Promise<string> =>
  signPass(key, { iss: PROPERTY_ID, jti: 'pass-1', nbf: NOW_S - 3600, exp: NOW_S + 3600, name: 'Ana', kind: 'guest', ...changes });

export { publicPassKey };
