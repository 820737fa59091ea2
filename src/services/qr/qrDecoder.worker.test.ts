import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule } from 'zxing-wasm/reader';
import { qrRgbaFrame } from '../../../tests/e2e/support/qr-video.mjs';
import type { DecodeReply, DecodeRequest } from './protocol';

/** A camera-sized frame of a QR code at `scale` pixels a module, as the worker receives it. */
function qrFrame(text: string, scale: number): Omit<DecodeRequest, 'id'> {
  const { width, height, data } = qrRgbaFrame(text, { width: 240, height: 180, scale });
  return { width, height, buffer: data.buffer as ArrayBuffer };
}

describe('QR decoder worker', () => {
  const replies: DecodeReply[] = [];

  beforeAll(async () => {
    await import('./qrDecoder.worker');
    // The worker picks ZXing here (Node compiles WebAssembly) and loads it; its own preparation comes first.
    await import('./zxingReader');
    // Node has no server for the worker's .wasm address: hand the reader the file's bytes instead.
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true });
  });
  // Under jsdom the worker's global scope is the window.
  beforeEach(() => {
    vi.spyOn(window, 'postMessage').mockImplementation((reply: unknown) => void replies.push(reply as DecodeReply));
  });
  afterAll(() => {
    window.onmessage = null;
  });

  const send = async (request: DecodeRequest) => {
    replies.length = 0;
    window.onmessage?.({ data: request } as MessageEvent);
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    return replies[0];
  };

  it('decodes a 5-digit code at about 5 pixels a module and says how long it took', async () => {
    const reply = await send({ id: 7, ...qrFrame('12345', 5) });
    expect(reply).toMatchObject({ id: 7, data: '12345' });
    expect(reply?.decodeMs).toBeGreaterThanOrEqual(0);
  });

  it('decodes a code far from the camera, at 2 pixels a module', async () => {
    expect(await send({ id: 10, ...qrFrame('10001', 2) })).toMatchObject({ id: 10, data: '10001' });
  });

  it('answers null for a frame without a code', async () => {
    const blank = new Uint8ClampedArray(240 * 180 * 4).fill(128);
    expect(await send({ id: 8, width: 240, height: 180, buffer: blank.buffer })).toMatchObject({ id: 8, data: null });
  });

  it('answers an error instead of throwing on a bad frame', async () => {
    expect(await send({ id: 9, width: 240, height: 180, buffer: new ArrayBuffer(16) })).toMatchObject({ id: 9, error: expect.any(String) });
  });
});
