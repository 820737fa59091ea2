/**
 * What the kiosk's database holds, as read (indexedStore.ts), apart from the
 * code that opens and writes it: the bundle reads the parts, and loads that
 * code only where the first frame's script did not open the database.
 */
export interface IndexedParts {
  queue: Array<{ key: IDBValidKey; value: unknown }>;
  /** Every record of the parts' store: the parts by name, their pieces as `name#index`. */
  parts: Record<string, unknown>;
}

/** The record key of a part's piece. */
export const pieceKey = (name: string, index: number): string => `${name}#${index}`;
