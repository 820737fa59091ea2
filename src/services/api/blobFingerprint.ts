import { fingerprintOf } from './fingerprint';

/** The part of a Worker the fingerprint uses (a fake in tests). */
export interface FingerprintWorker {
  onmessage: ((event: MessageEvent<{ fingerprint?: string; error?: string }>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(blob: Blob): void;
  terminate(): void;
}

export const createFingerprintWorker = (): FingerprintWorker =>
  new Worker(new URL('./fingerprint.worker.ts', import.meta.url), { type: 'module', name: 'fingerprint' }) as FingerprintWorker;

/** The fingerprint a worker sends back; the worker ends either way. */
function inWorker(blob: Blob, makeWorker: () => FingerprintWorker): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = makeWorker();
    const end = (outcome: () => void) => {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      outcome();
    };
    worker.onmessage = ({ data }) => end(() => (data.fingerprint ? resolve(data.fingerprint) : reject(new Error(data.error ?? 'no fingerprint'))));
    worker.onerror = (event) => end(() => reject(new Error(event.message || 'fingerprint worker failed')));
    worker.postMessage(blob);
  });
}

/**
 * The fingerprint of a large answer held as a Blob. In a worker where the
 * engine gives one: the page's main thread never copies the bytes (at 50,000
 * residents, 17 MB), so an unchanged poll costs about the same whatever the
 * property's size. On the main thread where no worker can be had.
 */
export async function blobFingerprint(blob: Blob, makeWorker: (() => FingerprintWorker) | null): Promise<string> {
  if (makeWorker) {
    try {
      return await inWorker(blob, makeWorker);
    } catch {
      // A worker that cannot start or fails: the page hashes it itself.
    }
  }
  return fingerprintOf(await blob.arrayBuffer());
}
