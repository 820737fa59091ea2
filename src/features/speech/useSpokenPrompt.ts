import { useEffect } from 'react';
import { useServices } from '../../store/servicesContext';

/**
 * Speaks `clips` when the screen shows (and when they change, or `again` does) unless `quiet`
 * (an outcome is being told); stops them, and only them, when it goes.
 */
export function useSpokenPrompt(clips: readonly string[], { quiet = false, again }: { quiet?: boolean; again?: unknown } = {}): void {
  const { speech } = useServices();
  const key = quiet ? '' : clips.join(' ');
  // `again` says the same once more when it changes (home's guidance repeats home's prompt).
  useEffect(() => (key ? speech.say(key.split(' ')) : undefined), [speech, key, again]);
}
