import type { DirectoryRow } from './directoryRows';

/**
 * Row height of the touch list in rem: it grows with the panel like the rest
 * of the layout (56 CSS px on an 800x480 panel, where 1rem is 16px).
 */
export const TOUCH_ROW_REM = 3.5;
/** Rows rendered beyond each edge of the viewport, so a fling shows no blank strip. */
export const OVERSCAN_ROWS = 6;

/** The slice of rows [first, end) to render for a scroll position. */
export function visibleRange(scrollTop: number, viewportHeight: number, rowCount: number, rowHeight: number): { first: number; end: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS);
  const end = Math.min(rowCount, Math.ceil((scrollTop + viewportHeight) / rowHeight) + OVERSCAN_ROWS);
  return { first, end: Math.max(first, end) };
}

/** Whether page-up and page-down have anywhere to go (1 px of slack for fractional scrolling). */
export function scrollEdges(
  scrollTop: number,
  viewportHeight: number,
  rowCount: number,
  rowHeight: number,
): { atTop: boolean; atBottom: boolean } {
  return {
    atTop: scrollTop <= 1,
    atBottom: scrollTop + viewportHeight >= rowCount * rowHeight - 1,
  };
}

/** One page of scrolling keeps a row of the previous view in sight for context. */
export function pageScrollDistance(viewportHeight: number, rowHeight: number): number {
  return Math.max(rowHeight, viewportHeight - rowHeight);
}

/** Scroll offset that brings a group's heading to the top, or null if the group is absent. */
export function headingOffset(rows: readonly DirectoryRow[], group: string, rowHeight: number): number | null {
  const index = rows.findIndex((row) => row.kind === 'heading' && row.group === group);
  return index < 0 ? null : index * rowHeight;
}
