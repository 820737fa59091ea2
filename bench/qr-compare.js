// Runs in Chromium, in a Web Worker (importScripts) or on a page (<script>):
// decodes the same frames with jsQR (as the kiosk's worker calls it) and with
// zxing-wasm's reader, timing each decode. Expects the globals jsQR and
// ZXingWASM, and the reader's .wasm next to this script.
/* global self, performance, ImageData, jsQR, ZXingWASM */
self.compareQrDecoders = async function compareQrDecoders({ frames, width, height, warmup }) {
  const t0 = performance.now();
  await ZXingWASM.prepareZXingModule({
    overrides: { locateFile: (file, prefix) => (file.endsWith('.wasm') ? '/zxing_reader.wasm' : prefix + file) },
    fireImmediately: true,
  });
  const zxingReady = performance.now() - t0;
  // The kiosk's call (src/services/qr/qrDecoder.worker.ts) and the closest zxing-wasm options: one QR code, no inverted pass.
  const decoders = {
    jsQR: async (pixels) => jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null,
    'zxing-wasm': async (pixels) => {
      const [result] = await ZXingWASM.readBarcodes(new ImageData(pixels, width, height), {
        formats: ['QRCode'],
        tryInvert: false,
        maxNumberOfSymbols: 1,
      });
      return result?.isValid ? result.text : null;
    },
  };
  const results = {};
  for (const [name, decode] of Object.entries(decoders)) {
    const firstStart = performance.now();
    await decode(new Uint8ClampedArray(frames[0].pixels));
    const first = performance.now() - firstStart;
    for (let i = 0; i < warmup; i += 1) await decode(new Uint8ClampedArray(frames[i % frames.length].pixels));
    const times = [];
    const decoded = {};
    for (const frame of frames) {
      const pixels = new Uint8ClampedArray(frame.pixels); // a fresh copy: decoders may keep or alter their input
      const start = performance.now();
      const text = await decode(pixels);
      times.push(performance.now() - start);
      decoded[frame.kind] ??= { ok: 0, of: 0 };
      decoded[frame.kind].of += 1;
      if (text === frame.text) decoded[frame.kind].ok += 1;
    }
    results[name] = { first, times, decoded };
  }
  results['zxing-wasm'].load = zxingReady;
  return results;
};
