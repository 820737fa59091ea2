import type { RootState } from '../../store/rootState';
import { excerpt, STORE_VERSION, type ReadPart, type StoredPart } from '../../store/storedPart';
import { storageKey } from './storageKey';
import { STORED_PARTS, type StoredKey } from './storedParts';

/**
 * A line for an item that cannot be read. Only the queue's text goes to the
 * log (its records must not be lost silently); the others may hold the token.
 */
const unreadable = (name: string, text: string): string =>
  `${name}: unreadable ${name === 'accessQueue' ? excerpt(text) : `(${text.length} characters)`}`;

export interface StoredState {
  state: Partial<Pick<RootState, StoredKey>>;
  /** Parts read back exactly as they are to be stored again: no need to write them. */
  clean: StoredKey[];
  /** One line for each part or entry that was reset or dropped, for the back-end log. */
  problems: string[];
}

interface Envelope {
  version: number;
  state: unknown;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Brings a stored value up to the part's version; a version from a newer kiosk is read as it is. */
function migrate(part: Pick<StoredPart<unknown>, 'version' | 'migrations'>, { version, state }: Envelope): unknown {
  let value = state;
  // Anything claiming to be older than the first version is read as it. Clamped: a version of -2147483648 must not mean two billion steps.
  for (let next = Math.max(version, STORE_VERSION) + 1; next <= part.version; next += 1) value = part.migrations[next]?.(value) ?? value;
  return value;
}

/**
 * An item's wrapper. Data whose wrapper is damaged (its `version` missing or
 * not a whole number) is still read, as the part's current version: the
 * part's reader keeps what it can check, so the token and the queue inside
 * are not thrown away with the wrapper.
 */
function envelopeOf(value: unknown, currentVersion: number): (Envelope & { damaged: boolean }) | 'unreadable' {
  if (typeof value !== 'object' || value === null || !('state' in value)) return 'unreadable';
  const { version, state } = value as { version?: unknown; state: unknown };
  if (typeof version === 'number' && Number.isInteger(version)) return { version, state, damaged: false };
  return { version: currentVersion, state, damaged: true };
}

function readEnvelope(text: string | null, currentVersion: number): (Envelope & { damaged: boolean }) | null | 'unreadable' {
  if (text === null) return null;
  const parsed = parseJson(text);
  return parsed.ok ? envelopeOf(parsed.value, currentVersion) : 'unreadable';
}

/** A part read back: its state, what had to be dropped, and whether it is stored exactly as it would be written. */
export interface ReadBack<T> {
  state: T;
  problems: string[];
  clean: boolean;
}

type Reader<K extends StoredKey> = (stored: unknown) => ReadPart<RootState[K]>;

function readPart<K extends StoredKey>(key: K, envelope: Envelope & { damaged: boolean }, reader: Reader<K>): ReadBack<RootState[K]> {
  const part = STORED_PARTS[key];
  const read = reader(migrate(part, envelope));
  const problems = envelope.damaged ? [`${key}: version unreadable, read as version ${part.version}`, ...read.problems] : read.problems;
  const clean = !envelope.damaged && envelope.version === part.version && read.problems.length === 0;
  return { state: read.state, problems, clean };
}

/** A part as the database holds it (`{ version, state }`, a structured clone); null when there is none. */
export function readStoredValue<K extends StoredKey>(key: K, value: unknown, reader: Reader<K>): ReadBack<RootState[K] | undefined> | null {
  if (value === undefined) return null;
  const envelope = envelopeOf(value, STORED_PARTS[key].version);
  if (envelope === 'unreadable') return { state: undefined, problems: [unreadable(key, excerpt(value))], clean: false };
  return readPart(key, envelope, reader);
}

/** A part as `localStorage` holds it (its item's text); null when there is none. */
export function readStoredText<K extends StoredKey>(key: K, text: string | null, reader: Reader<K>): ReadBack<RootState[K] | undefined> | null {
  const envelope = readEnvelope(text, STORED_PARTS[key].version);
  if (envelope === 'unreadable') return { state: undefined, problems: [unreadable(key, String(text))], clean: false };
  return envelope === null ? null : readPart(key, envelope, reader);
}

/**
 * Reads every stored part on its own (but those read once the first screen
 * is shown: `read: 'later'`), migrates it and validates it with the
 * schemas of the back end's answers. A part that cannot be read is reset
 * alone; entries that cannot be read are dropped alone; both are listed in
 * `problems`. Never throws.
 */
export function loadStoredState(storage: Pick<Storage, 'getItem'>): StoredState {
  const result: StoredState = { state: {}, clean: [], problems: [] };
  try {
    readAll(storage, result);
  } catch (error) {
    // Storage the browser refuses to open: start afresh, and say so.
    result.problems.push(`storage: ${String(error)}`);
  }
  return result;
}

function readAll(storage: Pick<Storage, 'getItem'>, result: StoredState): void {
  for (const key of Object.keys(STORED_PARTS) as StoredKey[]) {
    const { read } = STORED_PARTS[key];
    // Read once the first screen is shown (readStoredProperty.ts).
    if (read === 'later') continue;
    const part = readStoredText(key, storage.getItem(storageKey(key)), read as Reader<typeof key>);
    if (part === null) continue;
    result.problems.push(...part.problems);
    if (part.state === undefined) continue;
    (result.state as Record<StoredKey, unknown>)[key] = part.state;
    if (part.clean) result.clean.push(key);
  }
}
