// Draws a QR code into camera frames: a luma plane for tests, and a YUV4MPEG2
// file for Chromium's fake camera (--use-file-for-fake-video-capture).
// What Chromium's fake camera takes: C420jpeg (mono fails with NotFoundError), dark 16 and
// light 235 in Y, U and V at 128, a quiet zone around the code.
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const DARK = 16;
const LIGHT = 235;
const QUIET_ZONE_MODULES = 4;

/**
 * The Y plane of a `width` x `height` frame with `text` as a QR code in the
 * middle, `scale` pixels a module (default: as large as fits).
 * @param {string} text
 * @param {{ width?: number, height?: number, scale?: number }} [options]
 */
export function qrLumaFrame(text, { width = 640, height = 480, scale } = {}) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const span = modules.size + 2 * QUIET_ZONE_MODULES;
  const px = scale ?? Math.floor(Math.min(width, height) / span);
  if (px < 1) throw new Error(`A ${modules.size}-module code does not fit in ${width}x${height}`);
  const left = Math.floor((width - modules.size * px) / 2);
  const top = Math.floor((height - modules.size * px) / 2);
  const luma = new Uint8Array(width * height).fill(LIGHT);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < px; y += 1) luma.fill(DARK, (top + row * px + y) * width + left + col * px, (top + row * px + y) * width + left + (col + 1) * px);
    }
  }
  return { width, height, luma };
}

/** The same frame as RGBA pixels (what a canvas's ImageData holds). */
export function qrRgbaFrame(text, options) {
  const { width, height, luma } = qrLumaFrame(text, options);
  const rgba = new Uint8ClampedArray(width * height * 4);
  luma.forEach((value, i) => rgba.set([value, value, value, 255], i * 4));
  return { width, height, data: rgba };
}

/**
 * Writes a Y4M video of `text` as a QR code (a blank frame if `text` is null)
 * for Chromium's fake camera, which plays it in a loop.
 * @param {string} file absolute path
 * @param {string | null} text
 * @param {{ width?: number, height?: number, frames?: number }} [options]
 */
export function writeQrY4m(file, text, { width = 640, height = 480, frames = 10 } = {}) {
  const luma = text === null ? new Uint8Array(width * height).fill(LIGHT) : qrLumaFrame(text, { width, height }).luma;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(luma), chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return file;
}
