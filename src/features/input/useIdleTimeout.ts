import { useEffect, useRef } from 'react';
import { useOnTop } from '../../hooks/screenLayers';
import { subscribeToButtons } from './useButtons';

export const INACTIVITY_TIMEOUT_MS = 60000;

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'touchstart', 'wheel'] as const;

/**
 * Calls `onIdle` after `ms` without any key press, panel button (gamepad included), tap or scroll; any input restarts the wait.
 * Not for a screen kept under another or rendered ahead (useOnTop): its wait starts when it comes to the top.
 */
export function useIdleTimeout(onIdle: () => void, ms: number = INACTIVITY_TIMEOUT_MS): void {
  const onTop = useOnTop();
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  });
  useEffect(() => {
    if (!onTop) return undefined;
    // Input only notes its time, and the timer looks when it fires: a key press sets no timer in its frame.
    let lastInput = performance.now();
    let timer: number | undefined;
    const waitFor = (delay: number) => {
      timer = window.setTimeout(() => {
        const quiet = performance.now() - lastInput;
        timer = undefined;
        if (quiet >= ms) latest.current();
        else waitFor(ms - quiet);
      }, delay);
    };
    const restart = () => {
      lastInput = performance.now();
      if (timer === undefined) waitFor(ms);
    };
    waitFor(ms);
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, restart, { capture: true, passive: true }));
    // Gamepad buttons raise no DOM event: they reach the kiosk through the button source alone.
    const unsubscribe = subscribeToButtons(restart);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, restart, { capture: true }));
    };
  }, [ms, onTop]);
}
