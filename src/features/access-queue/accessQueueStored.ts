import * as v from 'valibot';
import { describeIssues, flag, text } from '../../services/api/answerSchemas';
import { isRecord } from '../../services/json';
import { excerpt, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { accessQueueSlice, type AccessQueueState, type AccessRequest } from './accessQueueSlice';
import { parseInstant } from './accessRequestKey';

/** A queued request as any version stored it: the code as a number, the outcome as 1/0, the time as epoch milliseconds. */
const storedRequest = v.object({
  user_code: v.pipe(text, v.trim(), v.nonEmpty()),
  access_granted: flag,
  created_at: v.union([
    v.pipe(v.string(), v.trim(), v.check((at) => parseInstant(at) !== null, 'not a time')),
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8.64e15), v.transform((ms) => new Date(ms).toISOString())),
  ]),
  reason: v.optional(v.string()),
});

/**
 * One stored request read back, or the line saying why it cannot be: the item
 * goes to the log whole, so the record still reaches the back end.
 */
export function readStoredRequest(item: unknown, label: string): { request: AccessRequest } | { problem: string } {
  const parsed = v.safeParse(storedRequest, item);
  return parsed.success ? { request: parsed.output } : { problem: `${describeIssues(label, parsed.issues)} ${excerpt(item)}` };
}

/** The queued access requests, as stored (docs/stored-state.md). */
export const accessQueueStored: StoredPart<AccessQueueState, 'accessQueue'> = {
  key: accessQueueSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'database',
  read(stored) {
    const list = isRecord(stored) && Array.isArray(stored.items) ? stored.items : null;
    if (!list) return { state: { items: [] }, problems: [`accessQueue: no list of items (${excerpt(stored)})`] };
    const items: AccessQueueState['items'] = [];
    const problems: string[] = [];
    list.forEach((item, index) => {
      const read = readStoredRequest(item, `accessQueue.items[${index}]`);
      if ('request' in read) items.push(read.request);
      else problems.push(read.problem);
    });
    return { state: { items }, problems };
  },
};
