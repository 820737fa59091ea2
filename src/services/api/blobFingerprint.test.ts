import { blobFingerprint, type FingerprintWorker } from './blobFingerprint';
import { fingerprintOf } from './fingerprint';

const answer = new TextEncoder().encode(JSON.stringify({ property: { id: 1 }, residents: Array.from({ length: 50 }, (_, id) => ({ id })) }));
// The Blob a fetch answer gives (jsdom's own Blob cannot be read back).
const blobOf = () => new Response(answer).blob();

/** A worker that runs the worker's own work (read the Blob, fingerprint it) or fails, and counts its ends. */
function fakeWorker(behaviour: 'answers' | 'fails' | 'reports an error') {
  const made: Array<{ terminated: boolean; got: unknown }> = [];
  const make = (): FingerprintWorker => {
    const record = { terminated: false, got: null as unknown };
    made.push(record);
    const worker: FingerprintWorker = {
      onmessage: null,
      onerror: null,
      postMessage(blob) {
        record.got = blob;
        void (async () => {
          if (behaviour === 'fails') worker.onerror?.({ message: 'worker script failed to load' } as ErrorEvent);
          else if (behaviour === 'reports an error') worker.onmessage?.({ data: { error: 'NotReadableError' } } as MessageEvent);
          else worker.onmessage?.({ data: { fingerprint: await fingerprintOf(await blob.arrayBuffer()) } } as MessageEvent);
        })();
      },
      terminate: () => void (record.terminated = true),
    };
    return worker;
  };
  return { make, made };
}

describe('the fingerprint of a large answer', () => {
  it('is computed by a worker, which is handed the Blob itself and ended after', async () => {
    const worker = fakeWorker('answers');
    const blob = await blobOf();
    expect(await blobFingerprint(blob, worker.make)).toBe(await fingerprintOf(answer.buffer));
    expect(worker.made).toEqual([{ terminated: true, got: blob }]);
  });

  it.each(['fails', 'reports an error'] as const)('is computed on the page when the worker %s, the same fingerprint', async (behaviour) => {
    const worker = fakeWorker(behaviour);
    expect(await blobFingerprint(await blobOf(), worker.make)).toBe(await fingerprintOf(answer.buffer));
    expect(worker.made.map((made) => made.terminated)).toEqual([true]);
  });

  it('is computed on the page where no worker can be had', async () => {
    expect(await blobFingerprint(await blobOf(), null)).toBe(await fingerprintOf(answer.buffer));
  });
});
