import type { PropertyJob, PropertyReply } from './propertyJob';

/** The part of a Worker the kiosk uses (a fake in tests). */
export interface PropertyWorker {
  onmessage: ((event: MessageEvent<PropertyReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(job: PropertyJob): void;
  terminate(): void;
}

export const createPropertyWorker = (): PropertyWorker =>
  new Worker(new URL('./property.worker.ts', import.meta.url), { type: 'module', name: 'property' }) as PropertyWorker;

/** The worker could not be had or its script failed: the page does the job itself. */
export class WorkerUnavailable extends Error {}

/**
 * Runs one job in a worker of its own, ended once it answers, fails, or
 * `signal` aborts (the call's time limit: a fetch in the worker ends with it).
 */
export function inWorker(job: PropertyJob, makeWorker: () => PropertyWorker, signal: AbortSignal): Promise<PropertyReply> {
  return new Promise((resolve, reject) => {
    let worker: PropertyWorker;
    try {
      worker = makeWorker();
    } catch (error) {
      reject(new WorkerUnavailable(String(error)));
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
    worker.onerror = (event) => end(() => reject(new WorkerUnavailable(event.message || 'property worker failed')));
    signal.addEventListener('abort', aborted);
    worker.postMessage(job);
  });
}
