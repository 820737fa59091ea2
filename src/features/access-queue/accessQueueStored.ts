import { readFlag, readText } from '../../services/api/values';
import { isRecord } from '../../services/json';
import { excerpt, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { accessQueueSlice, type AccessQueueState, type AccessRequest } from './accessQueueSlice';
import { parseInstant } from './accessRequestKey';

/** A stored time: an instant's text, or epoch milliseconds (as an older version stored it) made one. */
function readTime(value: unknown): string | undefined {
  if (typeof value === 'string') return parseInstant(value.trim()) !== null ? value.trim() : undefined;
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 8.64e15 ? new Date(value as number).toISOString() : undefined;
}

/**
 * One stored request read back, as any version stored it (the code as a
 * number, the outcome as 1/0, the time as epoch milliseconds), or the line
 * saying why it cannot be: the item goes to the log whole, so the record
 * still reaches the back end.
 */
export function readStoredRequest(item: unknown, label: string): { request: AccessRequest } | { problem: string } {
  const problem = (field: string) => ({ problem: `${label}${field}: not readable ${excerpt(item)}` });
  if (!isRecord(item)) return problem('');
  const user_code = readText(item.user_code)?.trim();
  const access_granted = readFlag(item.access_granted);
  const created_at = readTime(item.created_at);
  const { reason } = item;
  if (!user_code) return problem('.user_code');
  if (access_granted === undefined) return problem('.access_granted');
  if (created_at === undefined) return problem('.created_at');
  if (reason !== undefined && typeof reason !== 'string') return problem('.reason');
  return { request: { user_code, access_granted, created_at, ...(reason === undefined ? {} : { reason }) } };
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
