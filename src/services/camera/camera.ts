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

/** A camera not found at the first ask is asked for again once, this much later (a camera that comes up late after a panel's boot). */
export const CAMERA_RETRY_MS = 1000;

type CameraApi = Pick<MediaDevices, 'getUserMedia'> & Partial<Pick<MediaDevices, 'enumerateDevices'>>;

const asCameraError = (error: unknown) => new CameraError(failureOf(error), error instanceof Error ? error.message : String(error), { cause: error });

/** Resolves after `ms`, or rejects at once when `signal` aborts (the screen ended): no second ask then. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const ended = () => reject(new CameraError('unavailable', 'The screen ended before the camera was asked again'));
    if (signal?.aborted) return ended();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      ended();
    }
    signal?.addEventListener('abort', onAbort);
  });
}

async function ask(mediaDevices: CameraApi, constraints: MediaStreamConstraints): Promise<MediaStream> {
  // Chromium 83 (its own fake camera, measured): once a stream it gave has been
  // stopped for a few seconds, the page's next getUserMedia fails with
  // NotFoundError "Requested device not found" although the camera is there (a
  // second call succeeds): it picks the device from a stale list of the page's
  // cameras. Reading the list first (enumerateDevices) makes every ask find it.
  await mediaDevices.enumerateDevices?.().catch(() => undefined);
  return mediaDevices.getUserMedia(constraints);
}

/**
 * Opens the panel's camera. The caller owns the stream and must `stopStream`
 * it when its screen ends (and abort `signal`, which cancels a second ask
 * still waiting). Rejects with a CameraError that says whether the camera is
 * missing, refused or unusable.
 */
export async function openCamera(
  constraints: MediaStreamConstraints = QR_CAMERA_CONSTRAINTS,
  mediaDevices: CameraApi | undefined = globalThis.navigator?.mediaDevices,
  signal?: AbortSignal,
): Promise<MediaStream> {
  // Absent on pages that are not a secure context, and on browsers without cameras.
  if (!mediaDevices?.getUserMedia) throw new CameraError('missing', 'This browser offers no camera');
  try {
    return await ask(mediaDevices, constraints);
  } catch (error) {
    if (failureOf(error) !== 'missing') throw asCameraError(error);
  }
  await pause(CAMERA_RETRY_MS, signal);
  try {
    return await ask(mediaDevices, constraints);
  } catch (error) {
    throw asCameraError(error);
  }
}

/** Stops every track, which turns the camera (and its light) off. */
export function stopStream(stream: MediaStream): void {
  stream.getTracks().forEach((track) => track.stop());
}
