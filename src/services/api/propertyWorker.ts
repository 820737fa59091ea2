import { changed, type PropertyAnswer } from './apiClient';
import { ApiError } from './apiError';
import type { PropertyJob, PropertyReply } from './propertyJob';

type ReadReply = Extract<PropertyReply, { read: unknown }>;

/** A message from the worker: its reply; for an answer it read, the reply's head (with how many pieces follow), then each piece. */
export type PropertyMessage = Exclude<PropertyReply, ReadReply> | (Omit<ReadReply, 'pieces'> & { count: number }) | { piece: unknown };

/** The part of a Worker the kiosk uses (a fake in tests). */
export interface PropertyWorker {
  onmessage: ((event: MessageEvent<PropertyMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(job: PropertyJob): void;
  terminate(): void;
}

const PROPERTY = 'telephone-entry/property';

/** The worker's reply as the kiosk takes it: a refusal or a failed read is an ApiError, as on the page. */
function answerOf(reply: PropertyReply): PropertyAnswer {
  if ('status' in reply) throw new ApiError(`GET ${PROPERTY} answered ${reply.status}`, reply.status);
  if ('error' in reply) throw new ApiError(`GET ${PROPERTY} failed: ${reply.error}`, null);
  if (reply.unchanged) return reply;
  if ('read' in reply) return { unchanged: false, read: reply.read, pieces: reply.pieces, version: { etag: reply.etag, fingerprint: reply.fingerprint, size: reply.size } };
  return changed(reply.bytes, reply.etag, reply.fingerprint);
}

/**
 * How the worker's script posts `reply`: an answer it read as its head, then
 * each piece a message of its own, which the page takes in a task of its own
 * (50,000 residents cloned in one message held the main thread 400 ms at 4x).
 */
export function postReply(post: (message: PropertyMessage, transfer: Transferable[]) => void, reply: PropertyReply): void {
  if (!('read' in reply)) return post(reply, 'bytes' in reply ? [reply.bytes] : []);
  const { pieces, ...head } = reply;
  post({ ...head, count: pieces.length }, []);
  for (const piece of pieces) post({ piece }, []);
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
    let read: ReadReply | null = null;
    let count = 0;
    worker.onmessage = ({ data }) => {
      if ('piece' in data) read?.pieces.push(data.piece);
      else if ('count' in data) {
        const { count: pieces, ...head } = data;
        count = pieces;
        read = { ...head, pieces: [] };
      } else return end(() => resolve(data));
      if (read && read.pieces.length === count) end(() => resolve(read));
    };
    worker.onerror = () => end(() => resolve(null));
    signal.addEventListener('abort', aborted);
    worker.postMessage(job);
  });
}

/** One job in the property worker: the answer, or null when no worker could run it and the page does the job itself. */
export async function runInWorker(job: PropertyJob, signal: AbortSignal, makeWorker: () => PropertyWorker): Promise<PropertyAnswer | null> {
  // The worker resolves an address against its script's, not the page's.
  const { source } = job;
  const own = 'url' in source ? { ...job, source: { ...source, url: new URL(source.url, location.href).href } } : job;
  const reply = await replyOf(own, signal, makeWorker);
  return reply && answerOf(reply);
}
