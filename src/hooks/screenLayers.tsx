import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate, useWriteAddress } from './pageAddress';
import { afterFrameShown } from '../lib/afterFirstScreen';

/** False for a screen kept under the one shown, or rendered ahead: it takes no key, says nothing and keeps no idle timer. */
const OnTopContext = createContext(true);
export const OnTop = OnTopContext.Provider;
export const useOnTop = (): boolean => useContext(OnTopContext);

export interface ScreenLayers {
  /** Home in this key press: the screen over it made transparent, React's change of screen once that frame is on screen. */
  leaveToHome(): void;
  /** The directory rendered ahead over home made opaque, as leaveToHome; false where none is ready. */
  openDirectory(): boolean;
  /** Where a layer shows and waits for React: React's screen now, and true (the press then goes to it). */
  takeOverFirst(): boolean;
}

const LayersContext = createContext<ScreenLayers | null>(null);

/** The layers' actions; outside them (a screen tested alone) a plain change of screen. */
export function useScreenLayers(): ScreenLayers {
  const layers = useContext(LayersContext);
  const navigate = useNavigate();
  return layers ?? { leaveToHome: () => navigate('/'), openDirectory: () => false, takeOverFirst: () => false };
}

/** The elements a key press changes: home's layer, the screen shown over it, the directory rendered ahead. */
export interface LayerElements {
  home: RefObject<HTMLDivElement | null>;
  over: RefObject<HTMLDivElement | null>;
  directoryAhead: RefObject<HTMLDivElement | null>;
}

interface Pending {
  takeOver(): void;
  cancel(): void;
}

/**
 * Home and the screens over it as layers (KeptScreens): a key press changes
 * their classes, and React's change of screen comes once the frame that
 * shows it is on screen. Its address is written when React's would be, so that
 * a reload meanwhile loads the screen that shows.
 */
export function ScreenLayersProvider({ elements, children }: { elements: LayerElements; children: ReactNode }) {
  const navigate = useNavigate();
  const writeAddress = useWriteAddress();
  const { pathname, search } = useLocation();
  const pending = useRef<Pending | null>(null);
  // Another change of screen (a notification's, the idle timer's) drops the one waiting, and so does leaving.
  useEffect(() => () => pending.current?.cancel(), [pathname, search]);

  const layers = useMemo<ScreenLayers>(() => {
    const flip = (to: string, show: () => void, undo: () => void) => {
      pending.current?.takeOver();
      show();
      const unwrite = writeAddress(to);
      const cancelFrame = afterFrameShown(() => pending.current?.takeOver());
      pending.current = {
        takeOver() {
          cancelFrame();
          pending.current = null;
          flushSync(() => navigate(to, { replace: true }));
        },
        cancel() {
          cancelFrame();
          unwrite();
          undo();
          pending.current = null;
        },
      };
    };
    return {
      leaveToHome() {
        const home = elements.home.current;
        const over = elements.over.current;
        if (!home || !over) return navigate('/');
        flip(
          '/',
          () => {
            over.classList.add('screen-leaving');
            home.classList.remove('screen-covered');
          },
          () => {
            over.classList.remove('screen-leaving');
            home.classList.add('screen-covered');
          },
        );
      },
      openDirectory() {
        const ahead = elements.directoryAhead.current;
        if (!ahead) return false;
        flip(
          '/resident-directory',
          () => ahead.classList.remove('screen-ahead'),
          () => ahead.classList.add('screen-ahead'),
        );
        return true;
      },
      takeOverFirst() {
        const waiting = pending.current;
        waiting?.takeOver();
        return waiting !== null;
      },
    };
  }, [elements, navigate, writeAddress]);
  return <LayersContext.Provider value={layers}>{children}</LayersContext.Provider>;
}
