import type { Device, PropertyMeta } from '../../features/property/types';

export interface HomeLinks {
  enterCode: boolean;
  scanQr: boolean;
  directory: boolean;
  callManager: boolean;
}

/** Whether there is anything to explain: the guidance is not shown for a panel with every feature off. */
export const hasGuidance = (links: HomeLinks): boolean => Object.values(links).some(Boolean);

/** The guidance's code, fetched after the first screen (it shows 20 s later at the earliest); a failed fetch is tried again next time. */
let guidance: Promise<typeof import('./Guidance')> | null = null;
export function loadGuidance(): Promise<typeof import('./Guidance')> {
  guidance ??= import('./Guidance').catch((error: unknown) => {
    guidance = null;
    throw error;
  });
  return guidance;
}

/** Which home links show: device flags, connectivity for the online-only ones, a phone for the manager, a camera API for the QR scan. */
export function homeLinks(device: Device | null, property: PropertyMeta | null, isOnline: boolean, hasCamera = true): HomeLinks {
  return {
    enterCode: device?.enable_numeric_codes === true,
    scanQr: hasCamera && device?.enable_qr_codes === true,
    directory: isOnline && device?.enable_resident_directory === true,
    callManager: isOnline && device?.enable_call_manager === true && Boolean(property?.phone),
  };
}
