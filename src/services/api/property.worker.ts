/// <reference lib="webworker" />
// Reads a large property answer off the page's main thread: its bytes arrive
// here (from a Blob, or from a fetch made here), are hashed here, and go back
// only when they changed, transferred, not copied.
import { runPropertyJob, type PropertyJob } from './propertyJob';

self.onmessage = async ({ data }: MessageEvent<PropertyJob>) => {
  const reply = await runPropertyJob(data);
  self.postMessage(reply, 'bytes' in reply ? [reply.bytes] : []);
};
