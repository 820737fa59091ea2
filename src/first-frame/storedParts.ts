import { storageKey } from '../app/persistence/storageKey';
import type { StoredKey } from '../app/persistence/storedParts';
import { isRecord, type JsonObject } from '../services/json';
import { STORE_VERSION } from '../store/storedPart';

/** A stored part's item as parsed: null when nothing is stored, undefined when it is not JSON. */
export function storedItem(storage: Storage, part: StoredKey): unknown {
  try {
    return JSON.parse(storage.getItem(storageKey(part)) ?? 'null');
  } catch {
    return undefined;
  }
}

/**
 * A stored part's state, or null when it is missing, unreadable or of a
 * version other than `versions` (those whose fields the caller reads alike;
 * any other is left to the kiosk to bring up or reset).
 */
export function storedState(storage: Storage, part: StoredKey, versions: readonly number[] = [STORE_VERSION]): JsonObject | null {
  const envelope = storedItem(storage, part);
  return isRecord(envelope) && versions.indexOf(envelope.version as number) >= 0 && isRecord(envelope.state) ? envelope.state : null;
}
