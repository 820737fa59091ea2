import { stillOrReason, type StillOutcome } from '../../services/camera/stillOutcome';
import type { RootState } from '../../store/rootState';
import type { Services } from '../../store/services';
import { selectPhotoOnCodeLock } from '../session/deviceSettings';

/** The lock report's picture: `photo` (a JPEG data URL), or `photoError` saying why there is none; nothing when the device record does not ask. */
export type LockPhotoFields = StillOutcome | Record<string, never>;

/**
 * docs/rules.md#r5-2-10: when the device record's `photo_on_code_lock` is on,
 * one still from the camera for the lock's report. It never fails: a camera
 * that is busy, missing, refused or too slow (STILL_TIMEOUT_MS) gives the
 * reason instead. Nothing else holds the camera then: the QR screen stops
 * scanning as it takes the code whose refusal locks; no call starts while
 * the refusal's notification shows, and a call's local stream still held (a
 * call ending) is left alone.
 */
export async function lockPhoto(state: RootState, services: Pick<Services, 'call' | 'camera'>): Promise<LockPhotoFields> {
  if (!selectPhotoOnCodeLock(state)) return {};
  return stillOrReason(services.camera, services.call.streams.get().local !== null);
}
