import { readStoredRequest } from '../../features/access-queue/accessQueueStored';
import type { AccessQueueState, AccessRequest } from '../../features/access-queue/accessQueueSlice';
import type { PropertyState } from '../../features/property/propertySlice';
import type { RootState } from '../../store/rootState';
import type { IndexedParts } from './indexedStore';
import { readStoredValue } from './loadStoredState';
import type { StoredKey } from './storedParts';

export interface LargeParts {
  accessQueue: AccessQueueState;
  property: PropertyState | undefined;
  /** The record key of each request the database holds. */
  keys: Map<AccessRequest, IDBValidKey>;
  /** The requests read from the database, in its order: the rest of the queue is still to be written there. */
  storedQueue: AccessRequest[];
  /** Records that cannot be read: logged whole, then deleted. */
  unreadable: IDBValidKey[];
  /** The property data is stored in the database exactly as it would be written. */
  propertyClean: boolean;
  problems: string[];
}

const requestKey = ({ user_code, access_granted, created_at }: AccessRequest) => `${user_code}\u0000${access_granted}\u0000${created_at}`;

/**
 * The queue and the property data as the database holds them, joined with
 * what an older kiosk left in `localStorage` (read there as before): its
 * queued requests come after the database's (those a crash left in both are
 * kept once), its property data counts until the database has its own.
 */
export function readIndexedParts({ queue, parts }: IndexedParts, local: Partial<Pick<RootState, StoredKey>>): LargeParts {
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

  const property = readStoredValue('property', parts.property);
  if (property) problems.push(...property.problems);
  return {
    accessQueue: { items },
    property: property?.state ?? local.property,
    keys,
    storedQueue,
    unreadable,
    propertyClean: property?.clean ?? false,
    problems,
  };
}
