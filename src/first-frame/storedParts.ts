import { isRecord, type JsonObject } from '../services/json';
import { STORE_VERSION } from '../store/storedPart';

/** Where the kiosk keeps the parts the first frame reads, in `localStorage` (src/app/persistence/loadStoredState.ts). */
export const STORED_ITEMS = {
  session: 'gate-kiosk:session',
  propertyCore: 'gate-kiosk:propertyCore',
  notifications: 'gate-kiosk:notifications',
  codeLock: 'gate-kiosk:codeLock',
} as const;

/** A stored item as parsed: null when nothing is stored, undefined when it is not JSON. */
export function storedItem(storage: Storage, item: string): unknown {
  try {
    return JSON.parse(storage.getItem(item) ?? 'null');
  } catch {
    return undefined;
  }
}

/** A stored part's state, or null when it is missing, unreadable or of another version (left to the kiosk to bring up or reset). */
export function storedState(storage: Storage, item: string): JsonObject | null {
  const envelope = storedItem(storage, item);
  return isRecord(envelope) && envelope.version === STORE_VERSION && isRecord(envelope.state) ? envelope.state : null;
}
