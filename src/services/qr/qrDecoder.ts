import type { DecodeReply, DecodeRequest } from './protocol';

/** The part of a Worker the decoder uses (a fake in tests). */
export interface WorkerLike {
  onmessage: ((event: MessageEvent<DecodeReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: DecodeRequest, transfer: Transferable[]): void;
  terminate(): void;
}

/**
 * Decodes QR codes in a Web Worker, one frame at a time. Created when a scan
 * screen opens; `terminate` ends the worker when it closes.
 */
export interface QrDecoder {
  /** True while a frame is being decoded: callers skip frames rather than queue them. */
  readonly busy: boolean;
  /** The QR text in the frame, or null if there is none. The frame's pixels are handed over, so it cannot be used again. */
  decode(frame: ImageData): Promise<string | null>;
  /** Ends the worker; a decode in flight resolves to null. */
  terminate(): void;
}

const createWorker = (): WorkerLike =>
  new Worker(new URL('./qrDecoder.worker.ts', import.meta.url), { type: 'module', name: 'qr-decoder' }) as WorkerLike;

export function createQrDecoder(makeWorker: () => WorkerLike = createWorker): QrDecoder {
  const worker = makeWorker();
  let nextId = 1;
  let terminated = false;
  let pending: { id: number; resolve: (value: string | null) => void; reject: (error: Error) => void } | null = null;

  const settle = (outcome: (p: NonNullable<typeof pending>) => void) => {
    const current = pending;
    pending = null;
    if (current) outcome(current);
  };

  worker.onmessage = ({ data: reply }) => {
    if (reply.id !== pending?.id) return;
    settle((p) => ('error' in reply ? p.reject(new Error(`QR decode failed: ${reply.error}`)) : p.resolve(reply.data)));
  };
  // The worker script failed to load or threw outside a decode.
  worker.onerror = (event) => {
    event.preventDefault();
    settle((p) => p.reject(new Error(`QR worker error: ${event.message || 'unknown'}`)));
  };

  return {
    get busy() {
      return pending !== null;
    },
    decode(frame) {
      if (terminated) return Promise.resolve(null);
      if (pending) return Promise.reject(new Error('A QR frame is already being decoded'));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending = { id, resolve, reject };
        const buffer = frame.data.buffer as ArrayBuffer;
        worker.postMessage({ id, width: frame.width, height: frame.height, buffer }, [buffer]);
      });
    },
    terminate() {
      if (terminated) return;
      terminated = true;
      worker.terminate();
      settle((p) => p.resolve(null));
    },
  };
}
