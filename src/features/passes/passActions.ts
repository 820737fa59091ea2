import { createAction } from '@reduxjs/toolkit';
import type { PassRefusal } from './checkPass';

/** A QR code shaped as a pass (passToken.ts) was scanned: it is checked, then judged. */
export const passScanned = createAction<string>('passes/scanned');
/** A scanned pass as checked: let in (greeted by `name`) or refused with its reason; `jti` as claimed (null: none readable). */
export const passJudged = createAction<{ jti: string | null; verdict: 'granted'; name: string; residentId?: number | string } | { jti: string | null; verdict: 'refused'; reason: PassRefusal; nbf?: number }>(
  'passes/judged',
);
