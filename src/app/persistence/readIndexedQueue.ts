import { readStoredRequest } from '../../features/access-queue/accessQueueStored';
import type { AccessQueueState, AccessRequest } from '../../features/access-queue/accessQueueSlice';
import type { RootState } from '../../store/rootState';
import type { IndexedParts } from './indexedParts';
import type { StoredKey } from './storedParts';

export interface StoredQueue {
  accessQueue: AccessQueueState;
  /** The record key of each request the database holds. */
  keys: Map<AccessRequest, IDBValidKey>;
  /** The requests read from the database, in its order: the rest of the queue is still to be written there. */
  storedQueue: AccessRequest[];
  /** Records that cannot be read: logged whole, then deleted. */
  unreadable: IDBValidKey[];
  problems: string[];
}

const requestKey = ({ user_code, access_granted, created_at }: AccessRequest) => `${user_code}\u0000${access_granted}\u0000${created_at}`;

/**
 * The queue as the database holds it, joined with what an older kiosk left
 * in `localStorage` (read there as before): its queued requests come after
 * the database's (those a crash left in both are kept once).
 */
export function readIndexedQueue({ queue }: IndexedParts, local: Partial<Pick<RootState, StoredKey>>): StoredQueue {
  const problems: string[] = [];
  const keys = new Map<AccessRequest, IDBValidKey>();
  const storedQueue: AccessRequest[] = [];
  const unreadable: IDBValidKey[] = [];
  for (const { key, value } of queue) {
    const read = readStoredRequest(value, `accessQueue[${String(key)}]`);
    if ('problem' in read) {
      problems.push(read.problem);
      unreadable.push(key);
      continue;
    }
    keys.set(read.request, key);
    storedQueue.push(read.request);
  }
  const older = local.accessQueue?.items ?? [];
  const held = older.length > 0 ? new Set(storedQueue.map(requestKey)) : null;
  const items = [...storedQueue, ...older.filter((item) => !held?.has(requestKey(item)))];
  return { accessQueue: { items }, keys, storedQueue, unreadable, problems };
}
