import { CameraError, openCamera, stopStream } from '../../services/camera/camera';
import { createQrDecoder, type QrDecoder } from '../../services/qr/qrDecoder';
import type { ScanFailure } from './qrActions';

export const QR_FRAME_INTERVAL_MS = 100;
/** A camera that has not shown a picture by then counts as broken: never a frozen 'Loading...'. */
export const CAMERA_START_TIMEOUT_MS = 10000;

export type ScannerStatus = { state: 'loading' } | { state: 'scanning' } | { state: 'failed'; failure: ScanFailure; detail: string };

export interface ScanEvents {
  /** Starts at loading; then scanning once the video plays, or failed. */
  onStatus(status: ScannerStatus): void;
  /** A decoded value; return true to accept it, which ends the scan. Each declined value is offered once. */
  onDecoded(value: string): boolean;
  /** Each distinct decode error once; scanning goes on. */
  onDecodeError(message: string): void;
}

/** Draws the current video picture and reads its pixels; null when there is no picture yet. */
export type FrameGrabber = (video: HTMLVideoElement) => ImageData | null;

export interface ScanDeps {
  /** `signal` aborts when the session stops (a second ask still waiting is dropped). */
  openCamera: (signal: AbortSignal) => Promise<MediaStream>;
  stopStream: (stream: MediaStream) => void;
  createDecoder: () => QrDecoder;
  createFrameGrabber: () => FrameGrabber | null;
}

function createCanvasGrabber(): FrameGrabber | null {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  return (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!width || !height) return null;
    // Resizing clears the canvas, so only when the camera's size changes.
    if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
    context.drawImage(video, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  };
}

const defaultDeps: ScanDeps = { openCamera: (signal) => openCamera(undefined, undefined, signal), stopStream, createDecoder: () => createQrDecoder(), createFrameGrabber: createCanvasGrabber };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Shows the camera in `video` and, once it plays, sends a frame to the QR
 * worker every 100 ms (skipping ticks while a frame is in flight) until a
 * value is accepted. The returned stop function, called when the screen ends
 * for any reason, clears the interval, terminates the worker and stops the
 * camera tracks; a camera that arrives after that is stopped at once.
 */
export function startScanSession(video: HTMLVideoElement, events: ScanEvents, deps: ScanDeps = defaultDeps): () => void {
  let stopped = false;
  let stream: MediaStream | null = null;
  let decoder: QrDecoder | null = null;
  let interval: ReturnType<typeof setInterval> | undefined;
  const ended = new AbortController();
  // `fail` is defined below; the timer only fires long after.
  const startTimeout = setTimeout(() => fail('unavailable', 'The camera did not start in time'), CAMERA_START_TIMEOUT_MS);
  const declined = new Set<string>();
  const reportedErrors = new Set<string>();

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(startTimeout);
    clearInterval(interval);
    ended.abort();
    video.removeEventListener('playing', onPlaying);
    decoder?.terminate();
    // Chromium holds a getUserMedia stream for a few seconds after it stops; the
    // listener would keep this whole session (video, worker, screen) alive with it.
    stream?.getVideoTracks().forEach((track) => track.removeEventListener('ended', onTrackEnded));
    if (stream) deps.stopStream(stream);
    video.srcObject = null;
  };

  const fail = (failure: ScanFailure, detail: string) => {
    if (stopped) return;
    stop();
    events.onStatus({ state: 'failed', failure, detail });
  };

  const offer = (value: string | null) => {
    if (stopped || value === null || declined.has(value)) return;
    if (events.onDecoded(value)) stop();
    else declined.add(value);
  };

  const reportError = (error: unknown) => {
    const message = messageOf(error);
    if (stopped || reportedErrors.has(message)) return;
    reportedErrors.add(message);
    events.onDecodeError(message);
  };

  const startDecoding = () => {
    const grab = deps.createFrameGrabber();
    if (!grab || !decoder) return fail('decoder', grab ? 'QR decoder could not start' : 'No 2D canvas to read camera frames');
    const scanner = decoder;
    interval = setInterval(() => {
      if (stopped || scanner.busy) return;
      try {
        const frame = grab(video);
        if (frame) scanner.decode(frame).then(offer, reportError);
      } catch (error) {
        reportError(error);
      }
    }, QR_FRAME_INTERVAL_MS);
  };

  function onTrackEnded() {
    fail('unavailable', 'The camera stopped');
  }

  function onPlaying() {
    if (stopped || interval !== undefined) return;
    clearTimeout(startTimeout);
    events.onStatus({ state: 'scanning' });
    startDecoding();
  }

  video.addEventListener('playing', onPlaying);

  // The worker loads while the camera starts.
  try {
    decoder = deps.createDecoder();
  } catch (error) {
    fail('decoder', messageOf(error));
    return stop;
  }

  deps
    .openCamera(ended.signal)
    .then((opened) => {
      if (stopped) {
        deps.stopStream(opened);
        return;
      }
      stream = opened;
      opened.getVideoTracks().forEach((track) => track.addEventListener('ended', onTrackEnded));
      video.srcObject = opened;
      return video.play();
    })
    .catch((error: unknown) => fail(error instanceof CameraError ? error.failure : 'unavailable', messageOf(error)));

  return stop;
}
