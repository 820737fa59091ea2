/*
 * Values as the back end sends them (docs/rules.md#r3-1-7), read without a
 * schema library: the stored parts the first screen needs are read with
 * these (answerSchemas.ts builds the answer's schemas on them). A back end
 * without casts sends integer columns as strings and tinyint booleans as
 * numbers, so each accepts every spelling a value may arrive in; each gives
 * undefined for a value it cannot read.
 */

/** The spellings of a flag: true/false, 1/0, "1"/"0", "true"/"false". */
export const FLAG_SPELLINGS = { truthy: [true, 1, '1', 'true'], falsy: [false, 0, '0', 'false'] };

export function readFlag(value: unknown): boolean | undefined {
  if (FLAG_SPELLINGS.truthy.includes(value as never)) return true;
  return FLAG_SPELLINGS.falsy.includes(value as never) ? false : undefined;
}

/** Text, or a number sent where text was meant (a phone, a code). */
export function readText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && !Number.isNaN(value) ? String(value) : undefined;
}

/** An id: a safe integer, or its digits as a string. */
export function readId(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
}

/** A finite number. */
export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
