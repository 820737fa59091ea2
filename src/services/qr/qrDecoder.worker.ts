// Decodes camera frames off the main thread with zxing-wasm (ZXing-C++ compiled
// to WebAssembly), which is only in this bundle. Chosen over jsQR by
// `npm run bench` (the QR row): several times faster on the same frames, and it
// reads codes held far away or at an angle that jsQR misses.
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { DecodeReply, DecodeRequest } from './protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(reply: DecodeReply): void;
}

const scope = self as unknown as WorkerScope;

// The WebAssembly file is the kiosk's own asset (the package would fetch it from a CDN); it starts loading now.
prepareZXingModule({ overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) } });

// One QR code a frame; printed and on-screen codes are dark on light, so no inverted pass.
const OPTIONS: ReaderOptions = { formats: ['QRCode'], tryInvert: false, maxNumberOfSymbols: 1 };

scope.onmessage = ({ data: { id, width, height, buffer } }) => {
  const started = performance.now();
  const reply = (outcome: { data: string | null } | { error: string }) => scope.postMessage({ id, ...outcome, decodeMs: performance.now() - started });
  if (buffer.byteLength !== width * height * 4) return reply({ error: `A ${width}x${height} frame needs ${width * height * 4} bytes, got ${buffer.byteLength}` });
  readBarcodes({ data: new Uint8ClampedArray(buffer), width, height, colorSpace: 'srgb' }, OPTIONS).then(
    ([code]) => reply({ data: code?.isValid ? code.text : null }),
    (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
  );
};
