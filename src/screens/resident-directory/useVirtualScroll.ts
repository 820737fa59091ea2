import { useCallback, useEffect, useRef, useState } from 'react';
import { TOUCH_ROW_HEIGHT, visibleRange } from '../../features/directory/touchScroll';

/** Used until the element has been measured (and under jsdom, which has no layout). */
const FALLBACK_VIEWPORT_PX = 640;

/**
 * Fixed-row-height windowing for a scrolling element: only the rows in view
 * (plus a margin) are rendered, so 5,000 residents cost the same as 20.
 */
export function useVirtualScroll(rowCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(FALLBACK_VIEWPORT_PX);

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

  const maxScroll = Math.max(0, rowCount * TOUCH_ROW_HEIGHT - viewportHeight);

  const scrollTo = useCallback(
    (top: number) => {
      const target = Math.min(Math.max(0, top), maxScroll);
      if (ref.current) ref.current.scrollTop = target;
      // Set now as well: the scroll event follows a frame later (and never comes without layout).
      setScrollTop(target);
    },
    [maxScroll],
  );

  const onScroll = useCallback(() => {
    if (ref.current) setScrollTop(ref.current.scrollTop);
  }, []);

  return { ref, onScroll, scrollTo, scrollTop, viewportHeight, range: visibleRange(scrollTop, viewportHeight, rowCount) };
}
