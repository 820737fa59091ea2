/** What went wrong when the camera was asked for. */
export type CameraFailure = 'missing' | 'refused' | 'unavailable';

export class CameraError extends Error {
  readonly failure: CameraFailure;
  constructor(failure: CameraFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CameraError';
    this.failure = failure;
  }
}

/** QR scanning: a small picture is enough (about 5 pixels a module for a 5-digit code) and cheap to decode. */
export const QR_CAMERA_CONSTRAINTS: MediaStreamConstraints = { video: { width: 240 }, audio: false };

const FAILURES: Record<string, CameraFailure> = {
  NotAllowedError: 'refused',
  SecurityError: 'refused',
  NotFoundError: 'missing',
  OverconstrainedError: 'missing',
  NotReadableError: 'unavailable',
  AbortError: 'unavailable',
};

function failureOf(error: unknown): CameraFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return FAILURES[name] ?? 'unavailable';
}

/**
 * Opens the panel's camera. The caller owns the stream and must `stopStream`
 * it when its screen ends. Rejects with a CameraError that says whether the
 * camera is missing, refused or unusable.
 */
export async function openCamera(
  constraints: MediaStreamConstraints = QR_CAMERA_CONSTRAINTS,
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
): Promise<MediaStream> {
  // Absent on pages that are not a secure context, and on browsers without cameras.
  if (!mediaDevices?.getUserMedia) throw new CameraError('missing', 'This browser offers no camera');
  try {
    return await mediaDevices.getUserMedia(constraints);
  } catch (error) {
    throw new CameraError(failureOf(error), error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Stops every track, which turns the camera (and its light) off. */
export function stopStream(stream: MediaStream): void {
  stream.getTracks().forEach((track) => track.stop());
}
