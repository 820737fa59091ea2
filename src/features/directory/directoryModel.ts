import type { Resident } from '../property/types';

export const LOOKUP_CODE_LENGTH = 4;
/** Letters of the touch directory's jump bar. */
export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
/** The group for names that start with no Latin letter (digits, symbols, other scripts, empty). */
export const OTHER_GROUP = '#';

export interface DirectoryEntry {
  id: number;
  name: string;
  lookupCode: string;
  /** 'A'..'Z' or '#'. */
  group: string;
}

export interface Directory {
  /** Listed residents in directory order. */
  entries: DirectoryEntry[];
  /** Groups present, in order ('#' last). */
  groups: string[];
  /** Lookup code to resident id; the first resident in directory order wins a shared code. */
  lookup: ReadonlyMap<string, number>;
}

/**
 * Sorting and grouping rules (decided; tested in directoryModel.test.ts):
 * - the key is `directory_sort_name`, else the display name when the sort name is empty;
 * - keys compare with an English collator at base strength, so case and accents do not
 *   matter ('de la Cruz' sorts among the D's, 'Élodie' among the E's) and digit runs
 *   compare as numbers ('Unit 9' before 'Unit 10'); equal keys fall back to the id;
 * - the group is the Latin letter the first character collates with (É and é under E,
 *   Ø under O, Æ under A, ß under S);
 * - anything else (digits, symbols, other scripts, an empty name) goes under '#', which
 *   comes after Z, the way phone books put them last.
 */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A numeric lookup code sent as a number loses its leading zeros: put them back. */
export function normalizeLookupCode(raw: string): string {
  const code = raw.trim();
  return /^\d{1,4}$/.test(code) ? code.padStart(LOOKUP_CODE_LENGTH, '0') : code;
}

function groupOf(firstChar: string | undefined): string {
  if (firstChar === undefined || !/\p{Script=Latin}/u.test(firstChar)) return OTHER_GROUP;
  // The last letter the character collates at or after: Æ sits between A and B.
  let group = OTHER_GROUP;
  for (const letter of ALPHABET) {
    if (collator.compare(firstChar, letter) < 0) break;
    group = letter;
  }
  return group;
}

const groupRank = (group: string) => (group === OTHER_GROUP ? ALPHABET.length : group.charCodeAt(0) - 65);

/** The directory of listed residents: sorted, grouped and indexed by lookup code. */
export function buildDirectory(residents: readonly Resident[]): Directory {
  return finishSteps(directorySteps(residents));
}

/** What a generator of steps returns, its remaining steps taken at once. */
export function finishSteps<T>(steps: Generator<void, T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** Work between two of directorySteps' pauses: a few hundred residents or comparisons. */
const STEP = 256;

/**
 * buildDirectory in steps (a generator that pauses every STEP residents or
 * comparisons), for building it in the page's idle time (directoryAhead.ts):
 * sorting 5,000 names took a button panel's DOWN, which opens the directory,
 * about 40 ms. Sorted by merging runs, stable as Array.prototype.sort.
 */
export function* directorySteps(residents: readonly Resident[]): Generator<void, Directory> {
  const groupCache = new Map<string | undefined, string>();
  const keyed: Keyed[] = [];
  for (const [index, resident] of residents.entries()) {
    if (index % STEP === 0) yield;
    if (!resident.enable_directory_listing) continue;
    const name = resident.directory_display_name.trim() || resident.directory_sort_name.trim();
    const key = (resident.directory_sort_name.trim() || name).normalize('NFC');
    const first = key.length > 0 ? String.fromCodePoint(key.codePointAt(0) as number) : undefined;
    let group = groupCache.get(first);
    if (group === undefined) {
      group = groupOf(first);
      groupCache.set(first, group);
    }
    const entry: DirectoryEntry = { id: resident.id, name, lookupCode: normalizeLookupCode(resident.directory_lookup_code), group };
    keyed.push({ entry, key, rank: groupRank(group) });
  }
  const sorted = yield* sortInSteps(keyed, (a, b) => a.rank - b.rank || collator.compare(a.key, b.key) || a.entry.id - b.entry.id);

  const entries: DirectoryEntry[] = [];
  const groups: string[] = [];
  const lookup = new Map<string, number>();
  for (const { entry } of sorted) {
    if (entries.length % STEP === 0) yield;
    entries.push(entry);
    if (groups[groups.length - 1] !== entry.group) groups.push(entry.group);
    if (entry.lookupCode !== '' && !lookup.has(entry.lookupCode)) lookup.set(entry.lookupCode, entry.id);
  }
  return { entries, groups, lookup };
}

interface Keyed {
  entry: DirectoryEntry;
  key: string;
  rank: number;
}

/** `items` sorted: runs of STEP sorted at once, then merged pairwise, pausing every STEP items. */
function* sortInSteps<T>(items: T[], compare: (a: T, b: T) => number): Generator<void, T[]> {
  let from: T[] = [];
  for (let start = 0; start < items.length; start += STEP) {
    from.push(...items.slice(start, start + STEP).sort(compare));
    yield;
  }
  for (let width = STEP; width < from.length; width *= 2) {
    const to: T[] = [];
    for (let low = 0; low < from.length; low += 2 * width) {
      const middle = Math.min(low + width, from.length);
      const high = Math.min(low + 2 * width, from.length);
      let left = low;
      let right = middle;
      while (left < middle || right < high) {
        // The left run's item first on a tie: stable.
        const takeLeft = right >= high || (left < middle && compare(from[left] as T, from[right] as T) <= 0);
        to.push((takeLeft ? from[left++] : from[right++]) as T);
        if (to.length % STEP === 0) yield;
      }
    }
    from = to;
  }
  return from;
}

/** The resident a complete lookup code names, or null. Only listed residents can be found. */
export function findByLookupCode(directory: Directory, code: string): number | null {
  return directory.lookup.get(code) ?? null;
}

/** The A-Z letters that have at least one listed resident. */
export function availableLetters(directory: Directory): ReadonlySet<string> {
  return new Set(directory.groups.filter((group) => group !== OTHER_GROUP));
}
