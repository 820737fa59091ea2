// Decodes camera frames off the main thread: with ZXing (WebAssembly) where
// the engine may compile it, else with jsQR. Each is a chunk of its own, so
// an engine loads only the one it uses.
import type { DecodeReply, DecodeRequest } from './protocol';
import { canCompileWasm } from './wasmSupport';

interface WorkerScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(reply: DecodeReply): void;
}

type ReadQr = (data: Uint8ClampedArray<ArrayBuffer>, width: number, height: number) => Promise<string | null>;

const scope = self as unknown as WorkerScope;

/** Chosen once, when the worker starts (a scan screen opens). */
const reader: Promise<ReadQr> = canCompileWasm() ? import('./zxingReader').then((m) => m.readQr) : import('./jsqrReader').then((m) => m.readQr);

scope.onmessage = ({ data: { id, width, height, buffer } }) => {
  const started = performance.now();
  const reply = (outcome: { data: string | null } | { error: string }) => scope.postMessage({ id, ...outcome, decodeMs: performance.now() - started });
  if (buffer.byteLength !== width * height * 4) return reply({ error: `A ${width}x${height} frame needs ${width * height * 4} bytes, got ${buffer.byteLength}` });
  reader
    .then((readQr) => readQr(new Uint8ClampedArray(buffer), width, height))
    .then(
      (data) => reply({ data }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
};
