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
  const groupCache = new Map<string | undefined, string>();
  const keyed = residents
    .filter((resident) => resident.enable_directory_listing)
    .map((resident) => {
      const name = resident.directory_display_name.trim() || resident.directory_sort_name.trim();
      const key = (resident.directory_sort_name.trim() || name).normalize('NFC');
      const first = key.length > 0 ? String.fromCodePoint(key.codePointAt(0) as number) : undefined;
      let group = groupCache.get(first);
      if (group === undefined) {
        group = groupOf(first);
        groupCache.set(first, group);
      }
      const entry: DirectoryEntry = { id: resident.id, name, lookupCode: normalizeLookupCode(resident.directory_lookup_code), group };
      return { entry, key, rank: groupRank(group) };
    });
  keyed.sort((a, b) => a.rank - b.rank || collator.compare(a.key, b.key) || a.entry.id - b.entry.id);

  const entries = keyed.map((item) => item.entry);
  const groups: string[] = [];
  const lookup = new Map<string, number>();
  for (const entry of entries) {
    if (groups[groups.length - 1] !== entry.group) groups.push(entry.group);
    if (entry.lookupCode !== '' && !lookup.has(entry.lookupCode)) lookup.set(entry.lookupCode, entry.id);
  }
  return { entries, groups, lookup };
}

/** The resident a complete lookup code names, or null. Only listed residents can be found. */
export function findByLookupCode(directory: Directory, code: string): number | null {
  return directory.lookup.get(code) ?? null;
}

/** The A-Z letters that have at least one listed resident. */
export function availableLetters(directory: Directory): ReadonlySet<string> {
  return new Set(directory.groups.filter((group) => group !== OTHER_GROUP));
}
