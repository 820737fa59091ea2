import { useCallback, useEffect, useRef, useState } from 'react';
import { scrollEdges, TOUCH_ROW_HEIGHT, visibleRange } from '../../features/directory/touchScroll';

/** Used until the element has been measured (and under jsdom, which has no layout). */
const FALLBACK_VIEWPORT_PX = 640;

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
 * every scroll event.
 */
export function useVirtualScroll(rowCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  // The live offset; jsdom never scrolls the element, so it is tracked here too.
  const top = useRef(0);
  const [viewportHeight, setViewportHeight] = useState(FALLBACK_VIEWPORT_PX);
  const [view, setView] = useState<View>({ firstRow: 0, atTop: true, atBottom: rowCount * TOUCH_ROW_HEIGHT <= FALLBACK_VIEWPORT_PX });

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setViewportHeight(element.clientHeight || FALLBACK_VIEWPORT_PX);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const settle = useCallback(
    (offset: number) => {
      top.current = offset;
      const next = { firstRow: Math.floor(offset / TOUCH_ROW_HEIGHT), ...scrollEdges(offset, viewportHeight, rowCount) };
      setView((current) => (sameView(current, next) ? current : next));
    },
    [viewportHeight, rowCount],
  );

  // A new size or row count moves the ends.
  useEffect(() => settle(top.current), [settle]);

  const maxScroll = Math.max(0, rowCount * TOUCH_ROW_HEIGHT - viewportHeight);

  /** Scrolls to an offset (clamped); `by` scrolls relative to where the list is now. */
  const scrollTo = useCallback(
    (offset: number | { by: number }) => {
      const target = Math.min(Math.max(0, typeof offset === 'number' ? offset : top.current + offset.by), maxScroll);
      if (ref.current) ref.current.scrollTop = target;
      // Settle now as well: the scroll event follows a frame later (and never comes without layout).
      settle(target);
    },
    [maxScroll, settle],
  );

  const onScroll = useCallback(() => {
    if (ref.current) settle(ref.current.scrollTop);
  }, [settle]);

  return {
    ref,
    onScroll,
    scrollTo,
    atTop: view.atTop,
    atBottom: view.atBottom,
    viewportHeight,
    range: visibleRange(view.firstRow * TOUCH_ROW_HEIGHT, viewportHeight, rowCount),
  };
}
