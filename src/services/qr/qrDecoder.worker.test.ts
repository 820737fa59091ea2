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
  });
  // Under jsdom the worker's global scope is the window.
  beforeEach(() => {
    vi.spyOn(window, 'postMessage').mockImplementation((reply: unknown) => void replies.push(reply as DecodeReply));
  });
  afterAll(() => {
    window.onmessage = null;
  });

  const send = (request: DecodeRequest) => {
    replies.length = 0;
    window.onmessage?.({ data: request } as MessageEvent);
    return replies[0];
  };

  it('decodes a 5-digit code at about 5 pixels a module and says how long it took', () => {
    const reply = send({ id: 7, ...qrFrame('12345', 5) });
    expect(reply).toMatchObject({ id: 7, data: '12345' });
    expect(reply?.decodeMs).toBeGreaterThanOrEqual(0);
  });

  it('answers null for a frame without a code', () => {
    const blank = new Uint8ClampedArray(240 * 180 * 4).fill(128);
    expect(send({ id: 8, width: 240, height: 180, buffer: blank.buffer })).toMatchObject({ id: 8, data: null });
  });

  it('answers an error instead of throwing on a bad frame', () => {
    expect(send({ id: 9, width: 240, height: 180, buffer: new ArrayBuffer(16) })).toMatchObject({ id: 9, error: expect.any(String) });
  });
});
