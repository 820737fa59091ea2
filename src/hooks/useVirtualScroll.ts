import { useCallback, useEffect, useRef, useState } from 'react';
import { useElementSize } from './useElementSize';
import { scrollEdges, visibleRange } from './virtualRows';

/** Used until the element has been measured (and under jsdom, which has no layout); 16 px is the browsers' default rem. */
const FALLBACK_VIEWPORT_PX = 640;
const FALLBACK_REM_PX = 16;

interface View {
  firstRow: number;
  atTop: boolean;
  atBottom: boolean;
}

const sameView = (a: View, b: View) => a.firstRow === b.firstRow && a.atTop === b.atTop && a.atBottom === b.atBottom;

/**
 * Fixed-row-height windowing for a scrolling element: only the rows in view
 * (plus a margin) are rendered, so 5,000 residents cost the same as 20. The
 * list re-renders only when the first visible row or an end changes, not on
 * every scroll event. Rows are `rowRem` tall, in whole pixels.
 */
export function useVirtualScroll(rowCount: number, rowRem: number) {
  const { ref, size } = useElementSize<HTMLDivElement>();
  const viewportHeight = size?.height ?? FALLBACK_VIEWPORT_PX;
  const rowHeight = Math.round(rowRem * (size?.rem ?? FALLBACK_REM_PX));
  // The live offset; jsdom never scrolls the element, so it is tracked here too.
  const top = useRef(0);
  const [view, setView] = useState<View>({ firstRow: 0, atTop: true, atBottom: rowCount * rowHeight <= viewportHeight });

  const settle = useCallback(
    (offset: number) => {
      top.current = offset;
      const next = { firstRow: Math.floor(offset / rowHeight), ...scrollEdges(offset, viewportHeight, rowCount, rowHeight) };
      setView((current) => (sameView(current, next) ? current : next));
    },
    [viewportHeight, rowCount, rowHeight],
  );

  // A new size or row count moves the ends.
  useEffect(() => settle(top.current), [settle]);

  const maxScroll = Math.max(0, rowCount * rowHeight - viewportHeight);

  /** Scrolls to an offset (clamped); `by` scrolls relative to where the list is now. */
  const scrollTo = useCallback(
    (offset: number | { by: number }) => {
      const target = Math.min(Math.max(0, typeof offset === 'number' ? offset : top.current + offset.by), maxScroll);
      if (ref.current) ref.current.scrollTop = target;
      // Settle now as well: the scroll event follows a frame later (and never comes without layout).
      settle(target);
    },
    [ref, maxScroll, settle],
  );

  const onScroll = useCallback(() => {
    if (ref.current) settle(ref.current.scrollTop);
  }, [ref, settle]);

  return {
    ref,
    onScroll,
    scrollTo,
    atTop: view.atTop,
    atBottom: view.atBottom,
    viewportHeight,
    rowHeight,
    range: visibleRange(view.firstRow * rowHeight, viewportHeight, rowCount, rowHeight),
  };
}
