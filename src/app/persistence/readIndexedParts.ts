import { readStoredRequest } from '../../features/access-queue/accessQueueStored';
import type { AccessQueueState, AccessRequest } from '../../features/access-queue/accessQueueSlice';
import type { PropertyState } from '../../features/property/propertySlice';
import type { RootState } from '../../store/rootState';
import { RESIDENTS_PER_PIECE } from '../../features/property/parsePropertyResponse';
import { joinedData, readResidentsPiece } from '../../features/property/propertyStored';
import type { Resident } from '../../features/property/types';
import { nextTask } from '../../lib/nextTask';
import { isRecord } from '../../services/json';
import { pieceKey, type IndexedParts } from './indexedParts';
import { readStoredValue, type ReadBack } from './loadStoredState';
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
 * The property's residents are read one stored piece a task.
 */
export async function readIndexedParts({ queue, parts }: IndexedParts, local: Partial<Pick<RootState, StoredKey>>): Promise<LargeParts> {
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

  const property = await readStoredProperty(parts);
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

/**
 * The property part: its head read and checked as any part is, then its
 * residents one stored piece a task (at 50,000 residents, checking them all
 * at once held the main thread for about 330 ms at 4x). The codes stored
 * with the data are taken only when every resident read back.
 */
async function readStoredProperty(parts: Record<string, unknown>): Promise<ReadBack<PropertyState | undefined> | null> {
  const head = parts.property;
  const read = readStoredValue('property', head);
  const count = isRecord(head) && typeof head.pieces === 'number' ? head.pieces : 0;
  const stored = read?.state;
  if (!read || !stored?.data || count === 0) return read;
  const residents: Resident[] = [];
  const problems: string[] = [];
  for (let index = 0; index < count; index += 1) {
    await nextTask();
    const piece = readResidentsPiece(parts[pieceKey('property', index)], index * RESIDENTS_PER_PIECE);
    for (const resident of piece.residents) residents.push(resident);
    problems.push(...piece.problems);
  }
  const clean = read.clean && problems.length === 0;
  // The codes (80,000 at 50,000 residents) split in a task of their own.
  if (clean) await nextTask();
  const data = joinedData(stored.data, residents, clean ? (head as Record<string, unknown>).codes : undefined);
  return { state: { ...stored, data, version: clean ? stored.version : null }, problems: [...read.problems, ...problems], clean };
}
