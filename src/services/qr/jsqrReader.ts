// jsQR, plain JavaScript: the decoder for engines that may not compile
// WebAssembly (see wasmSupport.ts). Slower than ZXing and weaker on small or
// tilted codes, but it reads a code held to the camera.
import jsQR from 'jsqr';

/** The text of the QR code in an RGBA frame, or null. Dark on light only, as ZXing is asked. */
export async function readQr(data: Uint8ClampedArray<ArrayBuffer>, width: number, height: number): Promise<string | null> {
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}
