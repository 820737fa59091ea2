import type { Directory, DirectoryEntry } from './directoryModel';

/** How a button model's page is laid out: columns side by side, each `rowsPerColumn` rows tall. */
export interface PageShape {
  columns: number;
  rowsPerColumn: number;
}

/** The page of the landscape button panels: two columns of 10 (docs/rules.md#r2-5-4). */
export const BUTTON_PANEL_PAGE: PageShape = { columns: 2, rowsPerColumn: 10 };

export type DirectoryRow =
  | { kind: 'heading'; group: string; continued: boolean }
  | { kind: 'resident'; entry: DirectoryEntry }
  | { kind: 'blank' };

/** Touch: one column, each group's heading followed by its residents (all of them, or the name search's matches). */
export function listRows(directory: { entries: readonly DirectoryEntry[] }): DirectoryRow[] {
  const rows: DirectoryRow[] = [];
  directory.entries.forEach((entry, index) => {
    if (directory.entries[index - 1]?.group !== entry.group) rows.push({ kind: 'heading', group: entry.group, continued: false });
    rows.push({ kind: 'resident', entry });
  });
  return rows;
}

/**
 * Button models: headings count as rows, so every column is exactly
 * `rowsPerColumn` rows (10 on `BUTTON_PANEL_PAGE`). A heading never sits alone at
 * the foot of a column (a blank takes that slot), and a group that runs on
 * into the next column gets its heading repeated at the top, so every column
 * says which letter it is in.
 */
export function pagedRows(directory: Directory, rowsPerColumn = BUTTON_PANEL_PAGE.rowsPerColumn): DirectoryRow[] {
  const rows: DirectoryRow[] = [];
  directory.entries.forEach((entry, index) => {
    const startsGroup = directory.entries[index - 1]?.group !== entry.group;
    let slot = rows.length % rowsPerColumn;
    if (startsGroup && slot === rowsPerColumn - 1) {
      rows.push({ kind: 'blank' });
      slot = 0;
    }
    if (startsGroup || slot === 0) rows.push({ kind: 'heading', group: entry.group, continued: !startsGroup });
    rows.push({ kind: 'resident', entry });
  });
  return rows;
}

const rowsPerPage = (shape: PageShape) => shape.columns * shape.rowsPerColumn;

/** At least one page, even for an empty directory. */
export function pageCount(rows: readonly DirectoryRow[], shape = BUTTON_PANEL_PAGE): number {
  return Math.max(1, Math.ceil(rows.length / rowsPerPage(shape)));
}

export function clampPage(page: number, rows: readonly DirectoryRow[], shape = BUTTON_PANEL_PAGE): number {
  return Math.min(Math.max(0, page), pageCount(rows, shape) - 1);
}

/** The page's columns (the last ones may be short or empty on the last page). */
export function pageOf(rows: readonly DirectoryRow[], page: number, shape = BUTTON_PANEL_PAGE): DirectoryRow[][] {
  const start = clampPage(page, rows, shape) * rowsPerPage(shape);
  return Array.from({ length: shape.columns }, (_, column) =>
    rows.slice(start + column * shape.rowsPerColumn, start + (column + 1) * shape.rowsPerColumn),
  );
}

/**
 * The pages to render: the shown one, and once the page has settled on
 * `settled`, the pages either side of it, kept hidden so that a turn only
 * swaps which page is visible. In page order.
 */
export function pagesToRender(shown: number, settled: number | null, rows: readonly DirectoryRow[], shape = BUTTON_PANEL_PAGE): number[] {
  const pages = new Set([shown]);
  if (settled !== null) for (const page of [settled - 1, settled, settled + 1]) if (page === clampPage(page, rows, shape)) pages.add(page);
  return [...pages].sort((a, b) => a - b);
}

/** Which 'for more' arrows the footer shows. */
export function pageArrows(page: number, rows: readonly DirectoryRow[], shape = BUTTON_PANEL_PAGE): { up: boolean; down: boolean } {
  const current = clampPage(page, rows, shape);
  return { up: current > 0, down: current < pageCount(rows, shape) - 1 };
}
