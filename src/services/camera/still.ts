import { withDeadline } from '../call/withDeadline';
import { captureFrame } from './captureFrame';
import { openCamera, QR_CAMERA_CONSTRAINTS, stopStream } from './camera';

/** A camera's first pictures are dark or blurred while it sets its exposure and focus. */
export const STILL_WARM_UP_MS = 1000;
/**
 * The longest a still may take, asking for the camera included. It goes with
 * the lock's report, which waits for it: well inside the 5 s after which the
 * refusal's notification reloads the page (docs/rules.md#r2-2-5).
 */
export const STILL_TIMEOUT_MS = 3000;

export interface StillDeps {
  open: (signal: AbortSignal) => Promise<MediaStream>;
  capture: (stream: MediaStream) => Promise<string>;
  stop: (stream: MediaStream) => void;
}

// The QR screen's small picture (240 wide): a face at the panel, a few kilobytes.
const defaultDeps: StillDeps = { open: (signal) => openCamera(QR_CAMERA_CONSTRAINTS, undefined, signal), capture: (stream) => captureFrame(stream), stop: stopStream };

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A signal that aborts with either: the deadline's, or the screen's end. `dispose` drops the listener on `ended`. */
function either(deadline: AbortSignal, ended: AbortSignal | undefined): { signal: AbortSignal; dispose: () => void } {
  if (!ended) return { signal: deadline, dispose: () => undefined };
  const both = new AbortController();
  const abort = (from: AbortSignal) => () => both.abort(from.reason);
  const onDeadline = abort(deadline);
  const onEnded = abort(ended);
  if (ended.aborted) both.abort(ended.reason);
  deadline.addEventListener('abort', onDeadline, { once: true });
  ended.addEventListener('abort', onEnded, { once: true });
  return {
    signal: both.signal,
    dispose: () => {
      deadline.removeEventListener('abort', onDeadline);
      ended.removeEventListener('abort', onEnded);
    },
  };
}

async function shoot(signal: AbortSignal, deps: StillDeps): Promise<string> {
  // Not signal.throwIfAborted(): Chromium 83 has none.
  if (signal.aborted) throw signal.reason;
  const stream = await deps.open(signal);
  // The deadline turns the camera off at once; a camera that arrives after it is turned off as it comes.
  const release = () => deps.stop(stream);
  signal.addEventListener('abort', release, { once: true });
  try {
    await wait(STILL_WARM_UP_MS, signal);
    return await deps.capture(stream);
  } finally {
    signal.removeEventListener('abort', release);
    release();
  }
}

/**
 * One small JPEG from the panel's camera, as a data URL: the camera is
 * opened, left to settle, pictured and turned off (every track stopped),
 * also when any step fails or `ended` aborts. Rejects when the camera is
 * missing, refused or unusable, gives no picture within STILL_TIMEOUT_MS, or
 * `ended` aborts first.
 */
export function takeStill(deps: StillDeps = defaultDeps, ended?: AbortSignal): Promise<string> {
  return withDeadline(STILL_TIMEOUT_MS, 'The camera still', async (deadline) => {
    const { signal, dispose } = either(deadline, ended);
    try {
      return await shoot(signal, deps);
    } finally {
      dispose();
    }
  });
}
