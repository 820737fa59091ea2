import type { CodeHolder, PropertyData } from './types';

export const ACCESS_CODE_LENGTH = 5;

function holderCodes(holder: CodeHolder): string[] {
  const codes = holder.property_credentials.map((c) => c.code);
  if (holder.property_access_code) codes.push(holder.property_access_code.code);
  return codes;
}

/**
 * Every code that opens the gate: residents', staff and property guests'
 * access and credential codes, and active unit guests' codes.
 */
export function deriveValidCodes(data: PropertyData): Set<string> {
  const codes = [...data.property_guests.flatMap(holderCodes), ...deriveStandingCodes(data)];
  for (const guest of data.unitGuests) {
    if (guest.propertyAccessCode?.active) codes.push(guest.propertyAccessCode.code);
  }
  return new Set(codes.filter((code) => code !== ''));
}

/** The codes of the people who live and work here (residents and staff): they open the gate however long the panel is offline. */
export function deriveStandingCodes(data: PropertyData): Set<string> {
  return new Set([...data.residents, ...data.property_staff].flatMap(holderCodes).filter((code) => code !== ''));
}

/** Guests' codes stop opening the gate once the last good load is older than the limit (0: no limit; unknown age: no limit). */
export function guestCodesExpired(loadedAt: number | null, limitHours: number, now: number): boolean {
  return limitHours > 0 && loadedAt !== null && now - loadedAt > limitHours * 3_600_000;
}

const ACCESS_CODE_SHAPE = new RegExp(`^\\d{${ACCESS_CODE_LENGTH}}$`);

/** The shape of a typed or scanned code: exactly 5 digits, taken as the string it is (no trimming, no numeric conversion). */
export function hasAccessCodeShape(code: string): boolean {
  return ACCESS_CODE_SHAPE.test(code);
}

/** Typed and QR codes: exactly 5 digits, compared as strings. */
export function isValidEnteredCode(validCodes: ReadonlySet<string>, raw: unknown): boolean {
  const code = String(raw);
  return hasAccessCodeShape(code) && validCodes.has(code);
}

const numericValue = (digits: string): string => digits.replace(/^0+(?=\d)/, '');

/** Hardware reads compare by numeric value ("0123" matches "123"), without float precision loss on long card numbers. */
export function isValidHardwareCode(validCodes: ReadonlySet<string>, raw: string): boolean {
  if (!/^\d+$/.test(raw)) return false;
  const value = numericValue(raw);
  for (const code of validCodes) if (/^\d+$/.test(code) && numericValue(code) === value) return true;
  return false;
}
