/// <reference lib="webworker" />
// Reads a large property answer off the page's main thread: its bytes arrive
// here (from a Blob, or from a fetch made here), are hashed here, and, when
// they changed, parsed, checked and compared with the held data here; the
// data goes back in pieces (services/api/propertyWorker.ts, postReply).
import { runPropertyJob, type PropertyJob } from '../../services/api/propertyJob';
import { postReply } from '../../services/api/propertyWorker';
import { platformDigest } from '../../services/api/fingerprint';
import { readAnswer } from './readAnswer';

self.onmessage = async ({ data }: MessageEvent<PropertyJob>) => {
  postReply((message, transfer) => self.postMessage(message, transfer), await runPropertyJob(data, platformDigest(), readAnswer));
};
