/** Longest wait for the camera's first picture when taking the call's snapshot. */
export const FRAME_CAPTURE_TIMEOUT_MS = 5000;

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
