/** Longest wait for the camera's first picture when taking the call's snapshot. */
export const FRAME_CAPTURE_TIMEOUT_MS = 5000;

/** The streams of the call in progress, for the call screen to show. */
export interface CallStreams {
  local: MediaStream | null;
  remote: MediaStream | null;
}

/**
 * A small store of the current call's streams: the call workflow sets them,
 * the screen reads them with useSyncExternalStore. Streams are not plain data,
 * so they stay out of Redux.
 */
export interface CallStreamRegistry {
  get(): CallStreams;
  set(part: keyof CallStreams, stream: MediaStream | null): void;
  subscribe(listener: () => void): () => void;
}

export function createCallStreamRegistry(): CallStreamRegistry {
  let streams: CallStreams = { local: null, remote: null };
  const listeners = new Set<() => void>();
  return {
    get: () => streams,
    set(part, stream) {
      if (streams[part] === stream) return;
      streams = { ...streams, [part]: stream };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Draws the stream's first available picture on a canvas, in an element that is never shown. */
export async function captureFrame(stream: MediaStream, timeoutMs = FRAME_CAPTURE_TIMEOUT_MS): Promise<string> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('The camera gave no picture')), timeoutMs);
      video.onloadeddata = () => resolve();
      video.play().catch(reject);
    });
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context || !canvas.width) throw new Error('The camera picture could not be drawn');
    context.drawImage(video, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.8);
  } finally {
    clearTimeout(timer);
    video.onloadeddata = null;
    video.pause();
    video.srcObject = null;
  }
}
