// Decodes camera frames off the main thread. jsQR is only in this bundle.
import jsQR from 'jsqr';
import type { DecodeReply, DecodeRequest } from './protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(reply: DecodeReply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data: { id, width, height, buffer } }) => {
  const started = performance.now();
  try {
    // Printed and on-screen codes are dark on light: skipping the inverted pass halves the cost.
    const code = jsQR(new Uint8ClampedArray(buffer), width, height, { inversionAttempts: 'dontInvert' });
    scope.postMessage({ id, data: code?.data ?? null, decodeMs: performance.now() - started });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error), decodeMs: performance.now() - started });
  }
};
