import { useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { Button } from '../../services/input/buttons';
import { useOnTop } from '../../hooks/screenLayers';
import { createButtonSource, type ButtonSource } from '../../services/input/buttonSource';

let source: ButtonSource | null = null;

/** Subscribes to every panel button press (keyboard, keypad, gamepad); returns the unsubscribe. */
export function subscribeToButtons(handler: (button: Button) => void, kind: 'screen' | 'watcher' = 'screen'): () => void {
  return buttonSource().subscribe(handler, kind);
}

function buttonSource(): ButtonSource {
  source ??= createButtonSource(window, (press) => flushSync(press));
  return source;
}

/** The presses held for the next screen are a watcher's, not the screen's (the installer's sequence pressed while a screen loaded). */
export function dropHeldButtons(): void {
  buttonSource().dropHeld();
}

const ignore = () => undefined;

/**
 * Calls `onButton` for each panel button press while the component is mounted
 * (and `enabled`). A screen's presses while it is not enabled are ignored, not
 * kept for later: only a press made while no screen listens (the next one
 * loading) waits for the next screen. A screen kept under another or rendered
 * ahead (useOnTop) does not listen at all. A watcher hears every press beside the screens.
 */
export function useButtons(onButton: (button: Button) => void, enabled = true, kind: 'screen' | 'watcher' = 'screen'): void {
  const latest = useRef(onButton);
  // As the screen commits: a press handed on right after a render (an early press replayed) meets its new state.
  useLayoutEffect(() => {
    latest.current = onButton;
  });
  // Subscribed as the screen commits, not after it paints: a press right after a screen shows is not lost.
  const onTop = useOnTop();
  useLayoutEffect(() => (onTop ? subscribeToButtons(enabled ? (button) => latest.current(button) : ignore, kind) : undefined), [onTop, enabled, kind]);
}
