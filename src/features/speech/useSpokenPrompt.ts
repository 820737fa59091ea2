import { useEffect } from 'react';
import { useServices } from '../../store/servicesContext';
import { useOnTop } from '../../hooks/screenLayers';

/**
 * Speaks `clips` when the screen shows (and when they change, or `again` does) unless `quiet`
 * (an outcome is being told) or the screen is not on top (useOnTop: kept under another, or
 * rendered ahead); stops them, and only them, when it goes.
 */
export function useSpokenPrompt(clips: readonly string[], { quiet = false, again }: { quiet?: boolean; again?: unknown } = {}): void {
  const { speech } = useServices();
  const onTop = useOnTop();
  const key = quiet || !onTop ? '' : clips.join(' ');
  // `again` says the same once more when it changes (home's guidance repeats home's prompt).
  useEffect(() => (key ? speech.say(key.split(' ')) : undefined), [speech, key, again]);
}
