import { findByLookupCode, LOOKUP_CODE_LENGTH, type Directory } from './directoryModel';

export type LookupStep =
  | { kind: 'typing'; digits: string }
  | { kind: 'matched'; residentId: number }
  | { kind: 'missed'; code: string };

/** One typed digit: keep collecting, or (on the fourth) match the code; either outcome empties the slots. */
export function lookupStep(digits: string, digit: string, directory: Directory): LookupStep {
  const code = (digits + digit).slice(-LOOKUP_CODE_LENGTH);
  if (code.length < LOOKUP_CODE_LENGTH) return { kind: 'typing', digits: code };
  const residentId = findByLookupCode(directory, code);
  return residentId === null ? { kind: 'missed', code } : { kind: 'matched', residentId };
}

/** The 4 slots: the digit typed, or '-' while empty (a lookup code is not secret). */
export function lookupSlots(digits: string): string[] {
  return Array.from({ length: LOOKUP_CODE_LENGTH }, (_, index) => digits[index] ?? '-');
}
