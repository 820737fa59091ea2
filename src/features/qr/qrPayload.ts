import { ACCESS_CODE_LENGTH } from '../property/validCodes';

const ACCESS_CODE = new RegExp(`^\\d{${ACCESS_CODE_LENGTH}}$`);

/**
 * Whether a QR payload has the shape of an access code: exactly 5 digits, taken
 * as the string it is (no trimming, no numeric conversion), like a typed code.
 */
export function isAccessCodePayload(payload: string): boolean {
  return ACCESS_CODE.test(payload);
}
