import { isDigit, type Button, type Digit } from '../../services/input/buttons';
import type { Device, PropertyMeta } from '../property/types';

export interface HomeLinks {
  enterCode: boolean;
  scanQr: boolean;
  directory: boolean;
  callManager: boolean;
  /** The Delivery link: the directory, for a call that says it is a delivery. */
  delivery: boolean;
}

/** Where the Delivery link goes: the directory, picking whom a delivery is for (the routes stay SPEC's). */
export const DELIVERY_DIRECTORY = '/resident-directory?reason=delivery';

/** Whether there is anything to explain: the guidance is not shown for a panel with every feature off. */
export const hasGuidance = (links: HomeLinks): boolean => Object.values(links).some(Boolean);

/** The link to code entry shows with the device's numeric codes. Any device record will do: the first frame passes the stored one. */
const showsCodeEntry = (device: { enable_numeric_codes?: unknown } | null): boolean => device?.enable_numeric_codes === true;

/**
 * Which home links show: device flags, connectivity for the online-only ones
 * (the directory, the manager, a delivery: each places a call), a phone for
 * the manager, a camera API for the QR scan.
 */
export function homeLinks(device: Device | null, property: PropertyMeta | null, isOnline: boolean, hasCamera = true): HomeLinks {
  return {
    enterCode: showsCodeEntry(device),
    scanQr: hasCamera && device?.enable_qr_codes === true,
    directory: isOnline && device?.enable_resident_directory === true,
    callManager: isOnline && device?.enable_call_manager === true && Boolean(property?.phone),
    delivery: isOnline && device?.enable_deliveries === true,
  };
}

/**
 * Where a panel button opens from home (docs/rules.md#r2-3-5), each only when
 * its link shows: GO the QR scan, BACK the manager, UP the directory, and
 * DOWN the directory too unless the Delivery link shows, which DOWN then
 * opens (a back end without `enable_deliveries` keeps SPEC's UP or DOWN).
 * Digits and SPACE are HomeScreen's own (code entry, the test call).
 */
export function homeKeyTarget(button: Button, links: HomeLinks): string | null {
  if (button === 'GO') return links.scanQr ? '/scan-qr' : null;
  if (button === 'BACK') return links.callManager ? '/call' : null;
  if (button === 'DOWN' && links.delivery) return DELIVERY_DIRECTORY;
  if (button === 'UP' || button === 'DOWN') return links.directory ? '/resident-directory' : null;
  return null;
}

/** The directory link's hint: UP or DOWN, or UP alone where DOWN opens the Delivery link (homeKeyTarget). */
export const directoryHint = (labels: { up: string; down: string }, links: HomeLinks): string =>
  links.delivery ? labels.up : `${labels.up} ${labels.down}`;

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
