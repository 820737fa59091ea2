import { createSelector } from '@reduxjs/toolkit';
import { config } from '../../config/config';
import type { Language } from '../../strings/catalogue';
import { selectDevice } from '../property/selectors';
import type { Device } from '../property/types';

/** The panel's own settings: optional fields of the device record, else the build's defaults (docs/answers.md). */
export interface DeviceSettings {
  language: Language;
  spokenPrompts: boolean;
  /** Hours after the last good property load when guests' codes stop opening the gate; 0: no limit. */
  offlineGuestCodeHours: number;
}

export function deviceSettings(
  device: Pick<Device, 'language' | 'spoken_prompts' | 'offline_guest_code_hours'> | null,
  defaults: DeviceSettings,
): DeviceSettings {
  return {
    language: device?.language ?? defaults.language,
    spokenPrompts: device?.spoken_prompts ?? defaults.spokenPrompts,
    offlineGuestCodeHours: device?.offline_guest_code_hours ?? defaults.offlineGuestCodeHours,
  };
}

export const selectDeviceSettings = createSelector([selectDevice], (device) => deviceSettings(device, config.deviceDefaults));

/** The device record's `code_lock_cleared_at`: a new value lifts the code lock (docs/answers.md). */
export const selectCodeLockClearedAt = (state: Parameters<typeof selectDevice>[0]) => selectDevice(state)?.code_lock_cleared_at ?? null;

/** The device record's `photo_on_code_lock`: each lock's report carries a picture from the camera (docs/answers.md). */
export const selectPhotoOnCodeLock = (state: Parameters<typeof selectDevice>[0]) => selectDevice(state)?.photo_on_code_lock === true;

/** The device record's `enable_deliveries`: home's Delivery link, and calls that say they are a delivery (docs/answers.md). */
export const selectDeliveriesEnabled = (state: Parameters<typeof selectDevice>[0]) => selectDevice(state)?.enable_deliveries === true;
/** The device record's `visitor_messages`: a call nobody answered offers a video message (docs/answers.md). */
export const selectVisitorMessages = (state: Parameters<typeof selectDevice>[0]) => selectDevice(state)?.visitor_messages === true;
