import { ApiError, changed, type PropertyAnswer } from './apiClient';
import type { PropertyJob, PropertyReply } from './propertyJob';

/** The part of a Worker the kiosk uses (a fake in tests). */
export interface PropertyWorker {
  onmessage: ((event: MessageEvent<PropertyReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(job: PropertyJob): void;
  terminate(): void;
}

const createPropertyWorker = (): PropertyWorker =>
  new Worker(new URL('./property.worker.ts', import.meta.url), { type: 'module', name: 'property' }) as PropertyWorker;

const PROPERTY = 'telephone-entry/property';

/** The worker's reply as the kiosk takes it: a refusal or a failed read is an ApiError, as on the page. */
function answerOf(reply: PropertyReply): PropertyAnswer {
  if ('status' in reply) throw new ApiError(`GET ${PROPERTY} answered ${reply.status}`, reply.status);
  if ('error' in reply) throw new ApiError(`GET ${PROPERTY} failed: ${reply.error}`, null);
  return reply.unchanged ? reply : changed(reply.bytes, reply.etag, reply.fingerprint);
}

/**
 * The reply of a worker of its own, ended once it answers, fails, or `signal`
 * aborts (the call's time limit: a fetch in the worker ends with it). Null
 * when no worker could run the job (none could be made, or its script failed).
 */
function replyOf(job: PropertyJob, signal: AbortSignal, makeWorker: () => PropertyWorker): Promise<PropertyReply | null> {
  return new Promise((resolve, reject) => {
    let worker: PropertyWorker;
    try {
      worker = makeWorker();
    } catch {
      resolve(null);
      return;
    }
    const end = (outcome: () => void) => {
      signal.removeEventListener('abort', aborted);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      outcome();
    };
    const aborted = () => end(() => reject(new Error('aborted')));
    worker.onmessage = ({ data }) => end(() => resolve(data));
    worker.onerror = () => end(() => resolve(null));
    signal.addEventListener('abort', aborted);
    worker.postMessage(job);
  });
}

/** One job in the property worker: the answer, or null when no worker could run it and the page does the job itself. */
export async function runInWorker(job: PropertyJob, signal: AbortSignal, makeWorker: () => PropertyWorker = createPropertyWorker): Promise<PropertyAnswer | null> {
  // The worker resolves an address against its script's, not the page's.
  const { source } = job;
  const own = 'url' in source ? { ...job, source: { ...source, url: new URL(source.url, location.href).href } } : job;
  const reply = await replyOf(own, signal, makeWorker);
  return reply && answerOf(reply);
}
