import type { StoredKey } from './storedParts';

/** Each part has an item of its own, so one that cannot be read costs only itself. */
const STORAGE_PREFIX = 'gate-kiosk:';

/** Where a stored part is kept in `localStorage` (the first frame's script reads some there too). */
export const storageKey = (part: StoredKey): string => STORAGE_PREFIX + part;
