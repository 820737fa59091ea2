import type { SoundName, SoundService } from './types';

/**
 * A sound service whose player (howler, about 10 KB compressed) loads after
 * the first screen instead of with it. Loading starts at once; what is asked
 * for before it arrives is remembered (a sound started and not stopped plays
 * when the player is ready). If it never loads the kiosk stays silent.
 */
export function createLazySound(load: () => Promise<SoundService>, log?: (message: string, meta?: unknown) => void): SoundService {
  let player: SoundService | null = null;
  const waiting = new Set<SoundName>();

  load().then(
    (loaded) => {
      player = loaded;
      waiting.forEach((name) => loaded.play(name));
      waiting.clear();
    },
    (error: unknown) => {
      waiting.clear();
      log?.('The sound player could not be loaded', error);
    },
  );

  return {
    play(name) {
      if (player) player.play(name);
      else waiting.add(name);
    },
    stop(name) {
      if (player) player.stop(name);
      else waiting.delete(name);
    },
    stopAll() {
      if (player) player.stopAll();
      else waiting.clear();
    },
  };
}
