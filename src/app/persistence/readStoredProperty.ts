import type { PropertyState } from '../../features/property/propertySlice';
import { joinedData, readPropertyPart, readResidentsPiece } from '../../features/property/propertyStoredRead';
import { RESIDENTS_PER_PIECE } from '../../features/property/residentPieces';
import type { Resident } from '../../features/property/types';
import { nextTask } from '../../lib/nextTask';
import { isRecord } from '../../services/json';
import { pieceKey } from './indexedParts';
import { readStoredText, readStoredValue, type ReadBack } from './loadStoredState';
import { storageKey } from './storageKey';

/** The stored property part as read back, and where: `clean` only where the saver keeps it (the database when there is one). */
export type StoredProperty = ReadBack<PropertyState | undefined>;

/**
 * The property part, read once the first screen is shown, with the answer's
 * schemas: from the database (`parts`) when it holds one, else from
 * `localStorage` (a panel without a database, or what an older kiosk left
 * there: it counts until the database has its own, and is not clean, so the
 * saver moves it). Null when neither holds one.
 */
export async function readStoredProperty(parts: Record<string, unknown> | null, storage: Pick<Storage, 'getItem'>): Promise<StoredProperty | null> {
  const inDatabase = parts ? await readFromDatabase(parts) : null;
  if (inDatabase) return inDatabase;
  let text: string | null;
  try {
    text = storage.getItem(storageKey('property'));
  } catch (error) {
    return { state: undefined, problems: [`property: ${String(error)}`], clean: false };
  }
  const inLocal = readStoredText('property', text, readPropertyPart);
  return inLocal && parts ? { ...inLocal, clean: false } : inLocal;
}

/**
 * The database's part: its head read and checked as any part is, then its
 * residents one stored piece a task (at 50,000 residents, checking them all
 * at once held the main thread for about 330 ms at 4x). The codes stored
 * with the data are taken only when every resident read back.
 */
async function readFromDatabase(parts: Record<string, unknown>): Promise<StoredProperty | null> {
  const head = parts.property;
  const read = readStoredValue('property', head, readPropertyPart);
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
