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

/** Scroll offset that brings a group's heading to the top, or null if the group is absent. */
export function headingOffset(rows: readonly DirectoryRow[], group: string, rowHeight: number): number | null {
  const index = rows.findIndex((row) => row.kind === 'heading' && row.group === group);
  return index < 0 ? null : index * rowHeight;
}
