import type { Device, PropertyMeta } from '../property/types';

export interface HomeLinks {
  enterCode: boolean;
  scanQr: boolean;
  directory: boolean;
  callManager: boolean;
}

/** Whether there is anything to explain: the guidance is not shown for a panel with every feature off. */
export const hasGuidance = (links: HomeLinks): boolean => Object.values(links).some(Boolean);

/** Which home links show: device flags, connectivity for the online-only ones, a phone for the manager. */
export function homeLinks(device: Device | null, property: PropertyMeta | null, isOnline: boolean): HomeLinks {
  return {
    enterCode: device?.enable_numeric_codes === true,
    scanQr: device?.enable_qr_codes === true,
    directory: isOnline && device?.enable_resident_directory === true,
    callManager: isOnline && device?.enable_call_manager === true && Boolean(property?.phone),
  };
}
