import { useLayoutEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useWriteAddress } from '../../hooks/pageAddress';
import { useDevice } from '../../features/session/useDevice';
import { afterFrameShown } from '../../lib/afterFirstScreen';
import type { Digit } from '../../services/input/buttons';

interface Shown {
  /** React's code entry now, in place of the layer. */
  takeOver(): void;
  /** Hides the layer again (React's code entry is over home, or home leaves). */
  remove(): void;
}

/**
 * Opens code entry from home with a digit typed. On a button panel, once code
 * entry has been rendered ahead over home as a transparent layer
 * (CodeEntryAhead, `ahead`), the key press only makes that layer opaque, and
 * React renders code entry once that frame is on screen: on a freshly loaded
 * page React's change of screen was most of the key press (bench/README.md,
 * first press), and the visitor sees the same screen that much sooner.
 * TOUCH's code entry (a keypad, which the layer could not work) is React's
 * alone. For that frame assistive technology still has home: the layer
 * stays inert, since lifting `inert` in the press would restyle all of it.
 */
export function useCodeEntryAtOnce(ahead: RefObject<HTMLElement | null>) {
  const navigate = useNavigate();
  const writeAddress = useWriteAddress();
  const { touch } = useDevice();
  const shown = useRef<Shown | null>(null);
  useLayoutEffect(() => () => shown.current?.remove(), []);

  /** Code entry with `digit` typed (shown masked, as the layer has it). */
  const open = (digit: Digit) => {
    const to = `/enter-code?initialCode=${digit}`;
    const kept = ahead.current;
    if (touch || !kept) return navigate(to);
    kept.classList.add('code-entry-shown');
    // Its address is written when React's would be, so that a reload meanwhile loads the screen that shows.
    const unwrite = writeAddress(to);
    const cancelFrame = afterFrameShown(() => shown.current?.takeOver());
    let taken = false;
    shown.current = {
      takeOver() {
        taken = true;
        cancelFrame();
        flushSync(() => navigate(to, { replace: true }));
        // Home stays under React's code entry, hidden: the layer is ready, transparent, for BACK and the next digit.
        this.remove();
      },
      remove() {
        cancelFrame();
        if (!taken) unwrite();
        kept.classList.remove('code-entry-shown');
        shown.current = null;
      },
    };
  };

  /**
   * Where the layer shows and waits for React: React's code entry now, and
   * true. The press then goes to React's code entry, which the button source
   * hands it to as it subscribed meanwhile.
   */
  const takeOverFirst = (): boolean => {
    const layer = shown.current;
    layer?.takeOver();
    return layer !== null;
  };

  return { open, takeOverFirst };
}
