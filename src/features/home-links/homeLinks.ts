import { isDigit, type Button, type Digit } from '../../services/input/buttons';
import type { Device, PropertyMeta } from '../property/types';

export interface HomeLinks {
  enterCode: boolean;
  scanQr: boolean;
  directory: boolean;
  callManager: boolean;
}

/** Whether there is anything to explain: the guidance is not shown for a panel with every feature off. */
export const hasGuidance = (links: HomeLinks): boolean => Object.values(links).some(Boolean);

/** The link to code entry shows with the device's numeric codes. Any device record will do: the first frame passes the stored one. */
const showsCodeEntry = (device: { enable_numeric_codes?: unknown } | null): boolean => device?.enable_numeric_codes === true;

/** Which home links show: device flags, connectivity for the online-only ones, a phone for the manager, a camera API for the QR scan. */
export function homeLinks(device: Device | null, property: PropertyMeta | null, isOnline: boolean, hasCamera = true): HomeLinks {
  return {
    enterCode: showsCodeEntry(device),
    scanQr: hasCamera && device?.enable_qr_codes === true,
    directory: isOnline && device?.enable_resident_directory === true,
    callManager: isOnline && device?.enable_call_manager === true && Boolean(property?.phone),
  };
}

/** What home's digit rule looks at as a key arrives. */
export interface HomeAtKey {
  device: { enable_numeric_codes?: unknown } | null;
  /** A notification covers home: it takes no key. */
  notificationShowing: boolean;
  /** Codes are locked (docs/rules.md#r5-2). */
  codesLocked: boolean;
}

/**
 * How home opens code entry for `button` (docs/rules.md#r2-3-5): with the
 * digit typed; without it (`typed: null`) while codes are locked, where code
 * entry says why; not at all (null) for another key, with numeric codes off,
 * or under a notification. HomeScreen asks this of each key, and the first
 * frame (src/first-frame/) of the first key pressed before the kiosk starts.
 */
export function codeEntryFromHome(button: Button, { device, notificationShowing, codesLocked }: HomeAtKey): { typed: Digit | null } | null {
  if (!isDigit(button) || !showsCodeEntry(device) || notificationShowing) return null;
  return { typed: codesLocked ? null : button };
}
