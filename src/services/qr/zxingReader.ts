// ZXing-C++ compiled to WebAssembly: the decoder wherever the engine may
// compile it. Chosen over jsQR by `npm run bench` (the QR row): several times
// faster on the same frames, and it reads codes held far away or at an angle
// that jsQR misses.
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { polyfillObjectHasOwn } from '../../lib/polyfills';

// Its loader calls Object.hasOwn, which Chromium has only from 93.
polyfillObjectHasOwn();

// The WebAssembly file is the kiosk's own asset (the package would fetch it from a CDN); it starts loading now.
prepareZXingModule({ overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) } });

// One QR code a frame; printed and on-screen codes are dark on light, so no inverted pass.
const OPTIONS: ReaderOptions = { formats: ['QRCode'], tryInvert: false, maxNumberOfSymbols: 1 };

/** The text of the QR code in an RGBA frame, or null. */
export async function readQr(data: Uint8ClampedArray<ArrayBuffer>, width: number, height: number): Promise<string | null> {
  const [code] = await readBarcodes({ data, width, height, colorSpace: 'srgb' }, OPTIONS);
  return code?.isValid ? code.text : null;
}
