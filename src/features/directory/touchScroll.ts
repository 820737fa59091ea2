import type { DirectoryRow } from './directoryRows';

/**
 * Row height of the touch list in rem: it grows with the panel like the rest
 * of the layout (56 CSS px on an 800x480 panel, where 1rem is 16px).
 */
export const TOUCH_ROW_REM = 3.5;
/** One page of scrolling keeps a row of the previous view in sight for context. */
export function pageScrollDistance(viewportHeight: number, rowHeight: number): number {
  return Math.max(rowHeight, viewportHeight - rowHeight);
}

/** Where each group's heading row is in the touch list; built once per list (selectHeadingRows), not per letter tapped. */
export function headingRows(rows: readonly DirectoryRow[]): ReadonlyMap<string, number> {
  const index = new Map<string, number>();
  rows.forEach((row, at) => {
    if (row.kind === 'heading' && !index.has(row.group)) index.set(row.group, at);
  });
  return index;
}

/** Scroll offset that brings a group's heading to the top, or null if the group is absent. */
export function headingOffset(headings: ReadonlyMap<string, number>, group: string, rowHeight: number): number | null {
  const index = headings.get(group);
  return index === undefined ? null : index * rowHeight;
}
