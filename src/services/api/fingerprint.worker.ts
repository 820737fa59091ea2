/// <reference lib="webworker" />
// Fingerprints a large answer off the page's main thread: the Blob arrives by
// reference, its bytes are read and hashed here, and only the text goes back.
import { fingerprintOf } from './fingerprint';

self.onmessage = async ({ data }: MessageEvent<Blob>) => {
  try {
    self.postMessage({ fingerprint: await fingerprintOf(await data.arrayBuffer()) });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
