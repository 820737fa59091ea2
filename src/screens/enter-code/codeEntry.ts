import { ACCESS_CODE_LENGTH } from '../../features/property/validCodes';

/** The digits a link may pre-fill, short of a whole code so nothing validates by itself. */
export function initialDigits(raw: string | null): string {
  return (raw ?? '').replace(/\D/g, '').slice(0, ACCESS_CODE_LENGTH - 1);
}

