import { isRecord } from '../services/json';

/** A part read back: its state, and a line for each thing in it that had to be dropped. */
export interface ReadPart<T> {
  state: T;
  problems: string[];
}

/**
 * A part of the state kept across reloads, declared by its feature beside its
 * slice and collected by `src/app/persistence/storedParts.ts`, as
 * `{ version, state }`: in the `localStorage` item `gate-kiosk:<key>`, or in
 * the kiosk's database (docs/stored-state.md).
 */
export interface StoredPart<T, K extends string = string> {
  /** The slice's name, which is also the item's. */
  key: K;
  /** Bumped with a migration whenever the stored shape changes. */
  version: number;
  /** migrations[n] turns what version n - 1 stored into version n's shape. */
  migrations: Record<number, (old: unknown) => unknown>;
  /** Validates a stored value (any shape at all); never throws. */
  read(stored: unknown): ReadPart<T>;
  /** Where it lives: `database` for what can grow large, kept in `localStorage` too where there is no database. */
  where: 'localStorage' | 'database';
  /** The back end sends it again at the next load: given up first when storage is full. */
  refetchable?: boolean;
  /** The stored form of `state`, which `read` takes back (by default `state` itself). */
  write?(state: T): unknown;
  /**
   * In the database, a large part as a head (`state`, with `extra` beside it)
   * and pieces, each a record of its own, so that no one task clones it whole.
   */
  toPieces?(state: T): { state: unknown; extra: Record<string, unknown>; pieces: unknown[] };
}

/**
 * A large part the first screen does not need: read once it is shown, by a
 * reader loaded then (the property data: src/app/persistence/readStoredProperty.ts).
 */
export type LaterStoredPart<T, K extends string = string> = Omit<StoredPart<T, K>, 'read'> & { read: 'later' };

/*
 * The first version of every part (the kiosk has stored each part on its own
 * from the start). Every part is read with the readers or schemas that read
 * the back end's answers (src/services/api/values.ts, answerSchemas.ts), so
 * anything a back end may send is also read back. The parts read at the
 * start use no schema library: the first screen loads none.
 */
export const STORE_VERSION = 2;

/** The migration of a part whose shape did not change. */
export const unchanged = (old: unknown): unknown => old;

/** A short, safe picture of a dropped value, so the log still carries the data. */
export const excerpt = (value: unknown): string => (JSON.stringify(value) ?? String(value)).slice(0, 300);

/** A stored part's fields, and the problem if it is not an object at all (then it has none). */
export function fieldsOf(part: string, stored: unknown): { raw: Record<string, unknown>; problems: string[] } {
  return isRecord(stored) ? { raw: stored, problems: [] } : { raw: {}, problems: [`${part}: not an object (${excerpt(stored)})`] };
}

/** The items of a stored list that `read` takes (undefined for one it cannot), and a line for each that it cannot, so one bad entry costs only itself. */
export function readEach<T>(list: readonly unknown[], read: (item: unknown) => T | undefined, label: string): { items: T[]; problems: string[] } {
  const items: T[] = [];
  const problems: string[] = [];
  list.forEach((item, index) => {
    const value = read(item);
    if (value === undefined) problems.push(`${label}[${index}]: ${excerpt(item)}`);
    else items.push(value);
  });
  return { items, problems };
}
