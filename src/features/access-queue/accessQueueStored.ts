import * as v from 'valibot';
import { describeIssues, flag, text } from '../../services/api/answerSchemas';
import { isRecord } from '../../services/json';
import { excerpt, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { accessQueueSlice, type AccessQueueState } from './accessQueueSlice';
import { parseInstant } from './accessRequestKey';

/** A queued request as any version stored it: the code as a number, the outcome as 1/0, the time as epoch milliseconds. */
const storedRequest = v.object({
  user_code: v.pipe(text, v.trim(), v.nonEmpty()),
  access_granted: flag,
  created_at: v.union([
    v.pipe(v.string(), v.trim(), v.check((at) => parseInstant(at) !== null, 'not a time')),
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8.64e15), v.transform((ms) => new Date(ms).toISOString())),
  ]),
});

/** The queued access requests, as stored (docs/stored-state.md). */
export const accessQueueStored: StoredPart<AccessQueueState, 'accessQueue'> = {
  key: accessQueueSlice.reducerPath,
  version: STORE_VERSION,
  // A queue stored as a bare list becomes { items }.
  migrations: { 2: (old) => (Array.isArray(old) ? { items: old } : old) },
  read(stored) {
    const list = isRecord(stored) && Array.isArray(stored.items) ? stored.items : null;
    if (!list) return { state: { items: [] }, problems: [`accessQueue: no list of items (${excerpt(stored)})`] };
    const items: AccessQueueState['items'] = [];
    const problems: string[] = [];
    list.forEach((item, index) => {
      const parsed = v.safeParse(storedRequest, item);
      if (parsed.success) items.push(parsed.output);
      // An item that cannot be read goes to the log whole, so the record still reaches the back end.
      else problems.push(`${describeIssues(`accessQueue.items[${index}]`, parsed.issues)} ${excerpt(item)}`);
    });
    return { state: { items }, problems };
  },
};
