import { useLayoutEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useWriteAddress } from '../../hooks/pageAddress';
import { useDevice } from '../../features/session/useDevice';
import { afterNextFrame } from '../../lib/afterFirstScreen';
import type { Digit } from '../../services/input/buttons';

interface Copy {
  /** React's code entry now, in place of the copy. */
  takeOver(): void;
  /** Takes the copy away (home leaves: React's code entry comes in the same commit). */
  remove(): void;
}

/**
 * Opens code entry from home with a digit typed. On a button panel, once code
 * entry has been rendered ahead under home (CodeEntryAhead, `ahead`), the key
 * press shows a copy of it where home was, and React renders code entry in
 * the task after that frame: on a freshly loaded page React's change of
 * screen was most of the key press (bench/README.md, first press), and the
 * visitor sees the same screen that much sooner. TOUCH's code entry (a
 * keypad, which a copy could not work) is React's alone.
 */
export function useCodeEntryAtOnce(home: RefObject<HTMLElement | null>, ahead: RefObject<HTMLElement | null>) {
  const navigate = useNavigate();
  const writeAddress = useWriteAddress();
  const { touch } = useDevice();
  const shown = useRef<Copy | null>(null);
  useLayoutEffect(() => () => shown.current?.remove(), []);

  /** Code entry with `digit` typed (shown masked, as the copy has it). */
  const open = (digit: Digit) => {
    const to = `/enter-code?initialCode=${digit}`;
    const screen = home.current;
    const view = ahead.current?.firstElementChild;
    if (touch || !screen || !view) return navigate(to);
    const copy = view.cloneNode(true) as HTMLElement;
    // Right before home, which it hides (styles.css).
    screen.before(copy);
    // Its address is written when React's would be, so that a reload meanwhile loads the screen that shows.
    const unwrite = writeAddress(to);
    const cancelFrame = afterNextFrame(() => shown.current?.takeOver());
    let taken = false;
    shown.current = {
      takeOver() {
        taken = true;
        cancelFrame();
        flushSync(() => navigate(to, { replace: true }));
      },
      remove() {
        cancelFrame();
        if (!taken) unwrite();
        copy.remove();
        shown.current = null;
      },
    };
  };

  /**
   * Where the copy shows and waits for React: React's code entry now, and
   * true. The press then goes to React's code entry, which the button source
   * hands it to as it subscribed meanwhile.
   */
  const takeOverFirst = (): boolean => {
    const copy = shown.current;
    copy?.takeOver();
    return copy !== null;
  };

  return { open, takeOverFirst };
}
