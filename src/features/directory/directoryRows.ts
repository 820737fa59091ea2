import type { Directory, DirectoryEntry } from './directoryModel';

export const ROWS_PER_COLUMN = 10;
export const COLUMNS_PER_PAGE = 2;
export const ROWS_PER_PAGE = ROWS_PER_COLUMN * COLUMNS_PER_PAGE;

export type DirectoryRow =
  | { kind: 'heading'; group: string; continued: boolean }
  | { kind: 'resident'; entry: DirectoryEntry }
  | { kind: 'blank' };

/** Touch: one column, each group's heading followed by its residents. */
export function listRows(directory: Directory): DirectoryRow[] {
  const rows: DirectoryRow[] = [];
  directory.entries.forEach((entry, index) => {
    if (directory.entries[index - 1]?.group !== entry.group) rows.push({ kind: 'heading', group: entry.group, continued: false });
    rows.push({ kind: 'resident', entry });
  });
  return rows;
}

/**
 * Button models: headings count as rows, so a page is always 20 rows (two
 * columns of 10). A heading never sits alone at the foot of a column (a blank
 * takes that slot), and a group that runs on into the next column gets its
 * heading repeated at the top, so every column says which letter it is in.
 */
export function pagedRows(directory: Directory): DirectoryRow[] {
  const rows: DirectoryRow[] = [];
  directory.entries.forEach((entry, index) => {
    const startsGroup = directory.entries[index - 1]?.group !== entry.group;
    let slot = rows.length % ROWS_PER_COLUMN;
    if (startsGroup && slot === ROWS_PER_COLUMN - 1) {
      rows.push({ kind: 'blank' });
      slot = 0;
    }
    if (startsGroup || slot === 0) rows.push({ kind: 'heading', group: entry.group, continued: !startsGroup });
    rows.push({ kind: 'resident', entry });
  });
  return rows;
}

/** At least one page, even for an empty directory. */
export function pageCount(rows: readonly DirectoryRow[]): number {
  return Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
}

export function clampPage(page: number, rows: readonly DirectoryRow[]): number {
  return Math.min(Math.max(0, page), pageCount(rows) - 1);
}

/** The page's two columns (the second may be short or empty on the last page). */
export function pageOf(rows: readonly DirectoryRow[], page: number): DirectoryRow[][] {
  const start = clampPage(page, rows) * ROWS_PER_PAGE;
  return Array.from({ length: COLUMNS_PER_PAGE }, (_, column) =>
    rows.slice(start + column * ROWS_PER_COLUMN, start + (column + 1) * ROWS_PER_COLUMN),
  );
}

/** Which 'for more' arrows the footer shows. */
export function pageArrows(page: number, rows: readonly DirectoryRow[]): { up: boolean; down: boolean } {
  const current = clampPage(page, rows);
  return { up: current > 0, down: current < pageCount(rows) - 1 };
}
