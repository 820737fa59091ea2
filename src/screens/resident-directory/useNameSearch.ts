import { useMemo, useState } from 'react';
import { listRows, type DirectoryRow } from '../../features/directory/directoryRows';
import { matchingEntries, nextLetters } from '../../features/directory/nameSearch';
import { selectListRows, selectNameIndex } from '../../features/directory/selectors';
import { useAppSelector } from '../../store/hooks';

const NO_LETTERS: ReadonlySet<string> = new Set();

export interface NameSearch {
  /** The keyboard is open (the letters typed may be none). */
  open: boolean;
  /** The letters typed, lower case. */
  query: string;
  /** The list's rows: everyone's, or the residents a word of whose name starts with the letters typed. */
  rows: readonly DirectoryRow[];
  /** The letters that, typed next, leave someone listed. */
  letters: ReadonlySet<string>;
  start: () => void;
  type: (letter: string) => void;
  erase: () => void;
  /** Empties the search and closes the keyboard: the full list again. */
  clear: () => void;
}

/**
 * TOUCH's name search (docs/rules.md#r2-5-10). The index is built when a
 * visitor first opens the search, not with the directory, so a directory
 * nobody searches never pays for it; the filtered list uses the list's own rows.
 */
export function useNameSearch(): NameSearch {
  const [query, setQuery] = useState<string | null>(null);
  const everyone = useAppSelector(selectListRows);
  const index = useAppSelector((state) => (query === null ? null : selectNameIndex(state)));
  const rows = useMemo(() => (index && query ? listRows({ entries: matchingEntries(index, query) }) : everyone), [index, query, everyone]);
  const letters = useMemo(() => (index ? nextLetters(index, query ?? '') : NO_LETTERS), [index, query]);
  return {
    open: query !== null,
    query: query ?? '',
    rows,
    letters,
    start: () => setQuery(''),
    type: (letter) => setQuery((typed) => (typed ?? '') + letter),
    erase: () => setQuery((typed) => (typed ?? '').slice(0, -1)),
    clear: () => setQuery(null),
  };
}
