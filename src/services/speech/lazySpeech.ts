import type { SpeechService } from './speechPlayer';

/**
 * The spoken-prompt player, loaded the first time something is to be said
 * with prompts on (a panel with them off never loads it). What is asked for
 * meanwhile is said once it arrives, unless stopped or replaced first.
 */
export function createLazySpeech(
  spokenPrompts: () => boolean,
  load: () => Promise<SpeechService>,
  log?: (message: string, meta?: unknown) => void,
): SpeechService {
  let player: SpeechService | null = null;
  let loading = false;
  let utterance = 0;
  let waiting: { id: number; say: (loaded: SpeechService) => () => void } | null = null;
  let stopLoaded: (() => void) | null = null;

  const start = () => {
    loading = true;
    load().then(
      (loaded) => {
        player = loaded;
        if (waiting) stopLoaded = waiting.say(loaded);
        waiting = null;
      },
      (error: unknown) => {
        loading = false;
        waiting = null;
        log?.('The spoken-prompt player could not be loaded', error);
      },
    );
  };

  return {
    say(clips, options) {
      if (player) return player.say(clips, options);
      const id = ++utterance;
      waiting = spokenPrompts() ? { id, say: (loaded) => loaded.say(clips, options) } : null;
      if (waiting && !loading) start();
      return () => {
        if (id !== utterance) return;
        waiting = null;
        stopLoaded?.();
      };
    },
    stop() {
      waiting = null;
      player?.stop();
    },
  };
}
