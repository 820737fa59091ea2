import { useEffect, useRef } from 'react';
import { subscribeToButtons } from './useButtons';

export const INACTIVITY_TIMEOUT_MS = 60000;

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'touchstart', 'wheel'] as const;

/**
 * Calls `onIdle` after `ms` without any key press, panel button (gamepad included), tap or scroll; any input restarts the wait.
 * Not while `enabled` is false (a screen kept under another): the wait starts again when it is.
 */
export function useIdleTimeout(onIdle: () => void, ms: number = INACTIVITY_TIMEOUT_MS, enabled = true): void {
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    let timer = window.setTimeout(() => latest.current(), ms);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latest.current(), ms);
    };
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, restart, { capture: true, passive: true }));
    // Gamepad buttons raise no DOM event: they reach the kiosk through the button source alone.
    const unsubscribe = subscribeToButtons(restart);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, restart, { capture: true }));
    };
  }, [ms, enabled]);
}
