import type { DecodeReply, DecodeRequest } from './protocol';
import { createQrDecoder, type WorkerLike } from './qrDecoder';

function fakeWorker() {
  const worker = {
    onmessage: null as WorkerLike['onmessage'],
    onerror: null as WorkerLike['onerror'],
    posted: [] as { message: DecodeRequest; transfer: Transferable[] }[],
    postMessage: vi.fn((message: DecodeRequest, transfer: Transferable[]) => void worker.posted.push({ message, transfer })),
    terminate: vi.fn(),
    reply: (reply: DecodeReply) => worker.onmessage?.({ data: reply } as MessageEvent<DecodeReply>),
  };
  return worker;
}

const frame = () => ({ width: 2, height: 1, data: new Uint8ClampedArray(8) }) as ImageData;

describe('createQrDecoder', () => {
  it('transfers the pixel buffer to the worker instead of copying it', async () => {
    const worker = fakeWorker();
    const decoder = createQrDecoder(() => worker);
    const image = frame();
    const buffer = image.data.buffer;
    const result = decoder.decode(image);
    expect(worker.posted[0]?.message).toEqual({ id: 1, width: 2, height: 1, buffer });
    expect(worker.posted[0]?.transfer).toEqual([buffer]);
    worker.reply({ id: 1, data: '12345', decodeMs: 3 });
    await expect(result).resolves.toBe('12345');
  });

  it('allows one frame in flight at a time', async () => {
    const worker = fakeWorker();
    const decoder = createQrDecoder(() => worker);
    const first = decoder.decode(frame());
    expect(decoder.busy).toBe(true);
    await expect(decoder.decode(frame())).rejects.toThrow('already being decoded');
    expect(worker.postMessage).toHaveBeenCalledTimes(1);
    worker.reply({ id: 1, data: null, decodeMs: 3 });
    await expect(first).resolves.toBeNull();
    expect(decoder.busy).toBe(false);
    void decoder.decode(frame());
    expect(worker.postMessage).toHaveBeenCalledTimes(2);
  });

  it('rejects with the worker error and is ready for the next frame', async () => {
    const worker = fakeWorker();
    const decoder = createQrDecoder(() => worker);
    const result = decoder.decode(frame());
    worker.reply({ id: 1, error: 'boom', decodeMs: 1 });
    await expect(result).rejects.toThrow('QR decode failed: boom');
    expect(decoder.busy).toBe(false);
  });

  it('rejects the frame in flight when the worker itself fails', async () => {
    const worker = fakeWorker();
    const decoder = createQrDecoder(() => worker);
    const result = decoder.decode(frame());
    worker.onerror?.({ message: 'script failed', preventDefault: vi.fn() } as unknown as ErrorEvent);
    await expect(result).rejects.toThrow('QR worker error: script failed');
  });

  it('ignores a stale reply', async () => {
    const worker = fakeWorker();
    const decoder = createQrDecoder(() => worker);
    const result = decoder.decode(frame());
    worker.reply({ id: 99, data: '99999', decodeMs: 1 });
    expect(decoder.busy).toBe(true);
    worker.reply({ id: 1, data: '12345', decodeMs: 1 });
    await expect(result).resolves.toBe('12345');
  });

  it('terminates the worker once; a frame in flight and later frames give null', async () => {
    const worker = fakeWorker();
    const decoder = createQrDecoder(() => worker);
    const result = decoder.decode(frame());
    decoder.terminate();
    decoder.terminate();
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    await expect(result).resolves.toBeNull();
    await expect(decoder.decode(frame())).resolves.toBeNull();
    expect(worker.postMessage).toHaveBeenCalledTimes(1);
  });
});
