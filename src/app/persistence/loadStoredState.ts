import type { RootState } from '../rootReducer';
import { excerpt, type StoredPart } from '../../store/storedPart';
import { storageKey } from './storageKey';
import { STORED_PARTS, type StoredKey } from './storedParts';

/**
 * A line for an item that cannot be read. Only the queue's text goes to the
 * log (its records must not be lost silently); the others may hold the token.
 */
const unreadable = (name: string, text: string): string =>
  `${name}: unreadable ${name === 'accessQueue' ? excerpt(text) : `(${text.length} characters)`}`;

/** Where this kiosk kept everything before (redux-persist): read once, removed once every part is saved anew. */
export const LEGACY_KEY = 'persist:gate-kiosk';

export interface StoredState {
  state: Partial<Pick<RootState, StoredKey>>;
  /** Parts read back exactly as they are to be stored again: no need to write them. */
  clean: StoredKey[];
  /** One line for each part or entry that was reset or dropped, for the back-end log. */
  problems: string[];
  /** The legacy item was read: remove it once every part is written. */
  legacy: boolean;
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

/** redux-persist's item: a JSON object of JSON strings, one per part, and `_persist.version`. */
function readLegacy(storage: Pick<Storage, 'getItem'>, problems: string[]): Partial<Record<StoredKey, Envelope>> | null {
  const text = storage.getItem(LEGACY_KEY);
  if (text === null) return null;
  const outer = parseJson(text);
  if (!outer.ok || typeof outer.value !== 'object' || outer.value === null) {
    problems.push(unreadable(LEGACY_KEY, text));
    return {};
  }
  const parts: Partial<Record<StoredKey, Envelope>> = {};
  for (const part of Object.keys(STORED_PARTS) as StoredKey[]) {
    const inner = (outer.value as Record<string, unknown>)[part];
    if (inner === undefined) continue;
    const value = typeof inner === 'string' ? parseJson(inner) : { ok: true as const, value: inner };
    if (value.ok) parts[part] = { version: 1, state: value.value };
    else problems.push(unreadable(part, String(inner)));
  }
  return parts;
}

/** The first version this kiosk ever stored: anything claiming to be older is read as it. */
const FIRST_VERSION = 1;

/** Brings a stored value up to the part's version; a version from a newer kiosk is read as it is. */
function migrate<T>(part: StoredPart<T>, { version, state }: Envelope): unknown {
  let value = state;
  // Clamped: a version of -2147483648 must not mean two billion steps.
  for (let next = Math.max(version, FIRST_VERSION) + 1; next <= part.version; next += 1) value = part.migrations[next]?.(value) ?? value;
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

function readPart<K extends StoredKey>(key: K, envelope: Envelope & { damaged?: boolean }, own: boolean): ReadBack<RootState[K]> {
  const part = STORED_PARTS[key] as StoredPart<unknown>;
  const read = part.read(migrate(part, envelope));
  const problems = envelope.damaged ? [`${key}: version unreadable, read as version ${part.version}`, ...read.problems] : read.problems;
  const clean = own && !envelope.damaged && envelope.version === part.version && read.problems.length === 0;
  return { state: read.state as RootState[K], problems, clean };
}

/** A part as the database holds it (`{ version, state }`, a structured clone); null when there is none. */
export function readStoredValue<K extends StoredKey>(key: K, value: unknown): ReadBack<RootState[K] | undefined> | null {
  if (value === undefined) return null;
  const envelope = envelopeOf(value, STORED_PARTS[key].version);
  if (envelope === 'unreadable') return { state: undefined, problems: [unreadable(key, excerpt(value))], clean: false };
  return readPart(key, envelope, true);
}

/**
 * Reads every stored part on its own, migrates it and validates it with the
 * schemas of the back end's answers. A part that cannot be read is reset
 * alone; entries that cannot be read are dropped alone; both are listed in
 * `problems`. Never throws.
 */
export function loadStoredState(storage: Pick<Storage, 'getItem'>): StoredState {
  const result: StoredState = { state: {}, clean: [], problems: [], legacy: false };
  try {
    readAll(storage, result);
  } catch (error) {
    // Storage the browser refuses to open: start afresh, and say so.
    result.problems.push(`storage: ${String(error)}`);
  }
  return result;
}

function readAll(storage: Pick<Storage, 'getItem'>, result: StoredState): void {
  const legacy = readLegacy(storage, result.problems);
  result.legacy = legacy !== null;
  for (const key of Object.keys(STORED_PARTS) as StoredKey[]) {
    const text = storage.getItem(storageKey(key));
    const own = readEnvelope(text, STORED_PARTS[key].version);
    if (own === 'unreadable') result.problems.push(unreadable(key, String(text)));
    const envelope = own !== null && own !== 'unreadable' ? own : legacy?.[key];
    if (!envelope) continue;
    const read = readPart(key, envelope, envelope === own);
    (result.state as Record<StoredKey, unknown>)[key] = read.state;
    result.problems.push(...read.problems);
    if (read.clean) result.clean.push(key);
  }
}
