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
