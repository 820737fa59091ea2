/**
 * Run in the page (an init script, or evaluated after load before the camera
 * is asked for): a camera where the engine has none, or none that sees
 * anything (a page that is not a secure context has no navigator.mediaDevices;
 * WebKitGTK here lists no camera). A canvas painted with the frame's grey
 * levels (qr-video.mjs's qrLumaFrame, base64) ten times a second until its
 * track stops. Self-contained: it is serialized into the page.
 * @param {{ width: number, height: number, luma: string }} frame
 */
export function standInCamera({ width, height, luma }) {
  const grey = Uint8Array.from(atob(luma), (char) => char.charCodeAt(0));
  const getUserMedia = async () => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const paint = canvas.getContext('2d');
    const frame = paint.createImageData(width, height);
    grey.forEach((value, i) => frame.data.set([value, value, value, 255], i * 4));
    paint.putImageData(frame, 0, 0);
    const timer = setInterval(() => paint.putImageData(frame, 0, 0), 100);
    const stream = canvas.captureStream(10);
    for (const track of stream.getTracks()) {
      const stop = track.stop.bind(track);
      track.stop = () => {
        clearInterval(timer);
        stop();
      };
    }
    return stream;
  };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia, enumerateDevices: async () => [] } });
}
