import type { DirectoryEntry } from './directoryModel';

/** The keys of the touch directory's name search, in the order they are laid out. */
export const SEARCH_LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');

/** Latin letters with no decomposition, typed as the letters a visitor would try for them. */
const FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

const NOT_ASCII = /[^ -~]/;
const PLAIN_WORD = /^[a-z0-9]+$/;

/** What a name is matched as: no accents (NFD, marks dropped), lower case, the letters above folded. */
export function foldName(text: string): string {
  // Most names are printable ASCII: lower case is all they need.
  if (!NOT_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDS[letter] ?? letter);
}

/**
 * The words a name can be found by: each space-separated word without its
 * punctuation ("O'Brien" as "obrien"), and the parts of a word that punctuation
 * splits ("Montgomery-Fitzwilliam" also as "montgomery" and "fitzwilliam").
 */
export function searchWords(name: string): string[] {
  const words = new Set<string>();
  for (const token of foldName(name).split(/\s+/)) {
    if (PLAIN_WORD.test(token)) {
      words.add(token);
      continue;
    }
    const parts = token.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (parts.length > 1) parts.forEach((part) => words.add(part));
    if (parts.length > 0) words.add(parts.join(''));
  }
  return [...words];
}

/** Every word of every listed name, sorted, each with the directory position of its resident. */
export interface NameIndex {
  words: readonly string[];
  owners: Int32Array;
  entries: readonly DirectoryEntry[];
}

/** Built once per directory (selectNameIndex): a typed letter is then a few binary searches, not a scan of every name. */
export function buildNameIndex(entries: readonly DirectoryEntry[]): NameIndex {
  const pairs: Array<[string, number]> = [];
  entries.forEach((entry, at) => {
    for (const word of searchWords(entry.name)) pairs.push([word, at]);
  });
  // Code-unit order, the order lowerBound compares in; equal words keep directory order.
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return { words: pairs.map((pair) => pair[0]), owners: Int32Array.from(pairs, (pair) => pair[1]), entries };
}

/** The first word not before `key`. */
function lowerBound(words: readonly string[], key: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] as string) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The words that start with `prefix`: [from, to). Folded words have no character as high as U+FFFF. */
function prefixRange(index: NameIndex, prefix: string): [number, number] {
  return [lowerBound(index.words, prefix), lowerBound(index.words, `${prefix}\uffff`)];
}

/** The residents with a word that starts with the typed letters, in directory order; everyone for none typed. */
export function matchingEntries(index: NameIndex, query: string): readonly DirectoryEntry[] {
  if (query === '') return index.entries;
  const [from, to] = prefixRange(index, query);
  const matched = new Uint8Array(index.entries.length);
  for (let at = from; at < to; at += 1) matched[index.owners[at] as number] = 1;
  return index.entries.filter((_entry, at) => matched[at] === 1);
}

/** The letters that, typed next, still leave someone listed: the others' keys are disabled. */
export function nextLetters(index: NameIndex, query: string): ReadonlySet<string> {
  return new Set(
    SEARCH_LETTERS.filter((letter) => {
      const prefix = query + letter;
      return index.words[lowerBound(index.words, prefix)]?.startsWith(prefix) ?? false;
    }),
  );
}
