import { useLayoutEffect, useRef, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
  /** The root font size in CSS px: the layout's unit, which follows the panel's size. */
  rem: number;
}

const sameSize = (a: ElementSize | null, b: ElementSize | null) =>
  a !== null && b !== null && a.width === b.width && a.height === b.height && a.rem === b.rem;

/**
 * An element's inner size and the current rem, measured after layout and again
 * whenever the element is resized (a rotated or resized panel). Null until
 * measured, and under jsdom, which has no layout.
 */
export function useElementSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<ElementSize | null>(null);

  // Before paint, so a portrait panel never flashes the landscape layout.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      const rem = parseFloat(getComputedStyle(element.ownerDocument.documentElement).fontSize);
      const next = element.clientHeight > 0 && rem > 0 ? { width: element.clientWidth, height: element.clientHeight, rem } : null;
      setSize((current) => (sameSize(current, next) ? current : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { ref, size };
}
