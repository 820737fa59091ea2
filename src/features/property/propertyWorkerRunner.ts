import type { PropertyJob } from '../../services/api/propertyJob';
import { runInWorker, type PropertyWorker } from '../../services/api/propertyWorker';

const createPropertyWorker = (): PropertyWorker =>
  new Worker(new URL('./property.worker.ts', import.meta.url), { type: 'module', name: 'property' }) as PropertyWorker;

/** A job in the property worker, which reads a changed answer with the kiosk's own reader (readAnswer.ts). */
export const runPropertyWorker = (job: PropertyJob, signal: AbortSignal) => runInWorker(job, signal, createPropertyWorker);
