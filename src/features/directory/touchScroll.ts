import type { DirectoryRow } from './directoryRows';

/** Fixed row height of the touch list, in CSS pixels (virtualization depends on it). */
export const TOUCH_ROW_HEIGHT = 56;
/** Rows rendered beyond each edge of the viewport, so a fling shows no blank strip. */
export const OVERSCAN_ROWS = 6;

/** The slice of rows [first, end) to render for a scroll position. */
export function visibleRange(scrollTop: number, viewportHeight: number, rowCount: number): { first: number; end: number } {
  const first = Math.max(0, Math.floor(scrollTop / TOUCH_ROW_HEIGHT) - OVERSCAN_ROWS);
  const end = Math.min(rowCount, Math.ceil((scrollTop + viewportHeight) / TOUCH_ROW_HEIGHT) + OVERSCAN_ROWS);
  return { first, end: Math.max(first, end) };
}

/** Whether page-up and page-down have anywhere to go (1 px of slack for fractional scrolling). */
export function scrollEdges(scrollTop: number, viewportHeight: number, rowCount: number): { atTop: boolean; atBottom: boolean } {
  return {
    atTop: scrollTop <= 1,
    atBottom: scrollTop + viewportHeight >= rowCount * TOUCH_ROW_HEIGHT - 1,
  };
}

/** One page of scrolling keeps a row of the previous view in sight for context. */
export function pageScrollDistance(viewportHeight: number): number {
  return Math.max(TOUCH_ROW_HEIGHT, viewportHeight - TOUCH_ROW_HEIGHT);
}

/** Scroll offset that brings a group's heading to the top, or null if the group is absent. */
export function headingOffset(rows: readonly DirectoryRow[], group: string): number | null {
  const index = rows.findIndex((row) => row.kind === 'heading' && row.group === group);
  return index < 0 ? null : index * TOUCH_ROW_HEIGHT;
}
