import { useEffect, useRef, useState, type RefObject } from 'react';
import { afterNextFrame } from '../../lib/afterFirstScreen';

interface Pages {
  /** The page shown, as React last rendered it. */
  page: number;
  /** The page React has rendered the pages either side of: null until the first page has shown. */
  settled: number | null;
}

/** The elements a turn changes: the pages' grid (each page `data-page`) and the 'for more' arrows (`.more-up`, `.more-down`). */
export interface PageElements {
  pages: RefObject<HTMLElement | null>;
  more: RefObject<HTMLElement | null>;
}

export interface DirectoryPage extends Pages {
  /** Shows page `to`: in the press where it is rendered ahead, through React otherwise. */
  turn(to: number): void;
  /** The page the visitor sees: `page`, or the one a turn showed while React follows. */
  current(): number;
}

/**
 * The page a button panel's directory shows. The pages either side of the one
 * settled on are rendered ahead, in the task after the frame that shows it,
 * so that rendering them never delays a turn. A turn to a page rendered ahead
 * changes, in its key press, only which page and which 'for more' arrows show
 * (classes and `hidden`, as React would render them); React renders the turn,
 * with the pages' names for assistive technology and the pages either side
 * of the new one, in the task after that frame. Any other turn is React's
 * render in the press.
 */
export function useDirectoryPage(elements: PageElements, arrowsOf: (page: number) => { up: boolean; down: boolean }): DirectoryPage {
  const [pages, setPages] = useState<Pages>({ page: 0, settled: null });
  const shown = useRef<{ page: number; cancel: () => void } | null>(null);
  const { page, settled } = pages;
  useEffect(() => (settled === page ? undefined : afterNextFrame(() => setPages((now) => ({ ...now, settled: now.page })))), [page, settled]);
  useEffect(() => () => shown.current?.cancel(), []);

  /** Shows `to` by its classes and the arrows' `hidden`, where it is rendered; false where it is not. */
  const show = (to: number): boolean => {
    const sheets = [...(elements.pages.current?.children ?? [])] as HTMLElement[];
    const more = elements.more.current;
    if (!more || !sheets.some((sheet) => sheet.dataset.page === String(to))) return false;
    for (const sheet of sheets) {
      const isShown = sheet.dataset.page === String(to);
      sheet.classList.toggle('directory-page', isShown);
      sheet.classList.toggle('directory-ahead', !isShown);
    }
    const arrows = arrowsOf(to);
    more.querySelector<HTMLElement>('.more-up')!.hidden = !arrows.up;
    more.querySelector<HTMLElement>('.more-down')!.hidden = !arrows.down;
    return true;
  };

  const current = () => shown.current?.page ?? page;
  const turn = (to: number) => {
    if (to === current()) return;
    shown.current?.cancel();
    shown.current = null;
    if (!show(to)) {
      // React's own page again under its render of `to`, which writes only what it changed.
      show(page);
      setPages((now) => ({ ...now, page: to }));
      return;
    }
    shown.current = {
      page: to,
      cancel: afterNextFrame(() => {
        shown.current = null;
        setPages({ page: to, settled: to });
      }),
    };
  };
  return { page, settled, turn, current };
}
