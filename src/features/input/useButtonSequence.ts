import { useRef } from 'react';
import type { Button } from '../../services/input/buttons';
import { dropHeldButtons, useButtons } from './useButtons';

/**
 * Calls `onMatch` when the panel's buttons are pressed in exactly `sequence`
 * within `withinMs`, the first press made while `canStart()` holds.
 * Other presses in between break the sequence.
 */
export function useButtonSequence(
  sequence: readonly Button[],
  withinMs: number,
  onMatch: () => void,
  { enabled = true, canStart }: { enabled?: boolean; canStart: () => boolean },
): void {
  const presses = useRef<Array<{ button: Button; at: number; start: boolean }>>([]);
  useButtons((button) => {
    const recent = [...presses.current, { button, at: Date.now(), start: canStart() }].slice(-sequence.length);
    presses.current = recent;
    const [first] = recent;
    const last = recent[recent.length - 1];
    if (
      first &&
      last &&
      recent.length === sequence.length &&
      first.start &&
      last.at - first.at <= withinMs &&
      recent.every((press, index) => press.button === sequence[index])
    ) {
      presses.current = [];
      // The sequence's presses made while a screen loaded are not that screen's: it would page the directory after the installer screen.
      dropHeldButtons();
      onMatch();
    }
    // Beside the screens: it hears every press and is no screen to keep presses for.
  }, enabled, 'watcher');
}
