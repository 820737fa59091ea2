import { qrRgbaFrame } from '../../../tests/e2e/support/qr-video.mjs';
import type { DecodeReply } from './protocol';

// An engine that may not compile WebAssembly: the worker must decode with jsQR and never load ZXing.
vi.mock('./wasmSupport', () => ({ canCompileWasm: () => false }));
vi.mock('./zxingReader', () => {
  throw new Error('ZXing loaded on an engine that cannot compile it');
});

describe('QR decoder worker without WebAssembly', () => {
  const replies: DecodeReply[] = [];

  beforeAll(async () => {
    await import('./qrDecoder.worker');
  });
  // Under jsdom the worker's global scope is the window.
  beforeEach(() => {
    replies.length = 0;
    vi.spyOn(window, 'postMessage').mockImplementation((reply: unknown) => void replies.push(reply as DecodeReply));
  });
  afterAll(() => {
    window.onmessage = null;
  });

  const send = async (id: number, frame: { width: number; height: number; data: Uint8ClampedArray }) => {
    window.onmessage?.({ data: { id, width: frame.width, height: frame.height, buffer: frame.data.buffer } } as MessageEvent);
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    return replies[0];
  };

  it('decodes a 5-digit code held to the camera with jsQR', async () => {
    expect(await send(3, qrRgbaFrame('10001', { width: 240, height: 180, scale: 5 }))).toMatchObject({ id: 3, data: '10001' });
  });

  it('answers null for a frame without a code', async () => {
    const blank = { width: 240, height: 180, data: new Uint8ClampedArray(240 * 180 * 4).fill(128) };
    expect(await send(4, blank)).toMatchObject({ id: 4, data: null });
  });
});
