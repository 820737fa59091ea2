import { Howl, Howler, type HowlOptions } from 'howler';
import type { SoundName, SoundService } from './types';

// The kiosk's sounds play through Web Audio (where there is none, howler makes each its own element). Howler's
// pool of spare HTML5 audio elements would never be used: ten of them made in the first key press of every page.
Howler.html5PoolSize = 0;

/** The part of howler's Howl this service uses, so tests can inject a small fake. */
export interface HowlLike {
  play(): number;
  stop(): unknown;
  once(event: 'unlock', callback: () => void): unknown;
  off(event: 'unlock', callback: () => void): unknown;
}

export interface HowlerSoundOptions {
  /** Where `<name>.wav` files are served from; ends with a slash. */
  baseUrl?: string;
  /** A sound's file, read at each play (a spoken sound follows the panel's language); default `<baseUrl><name>.wav`. */
  urlFor?: (name: SoundName) => string;
  HowlImpl?: new (options: HowlOptions) => HowlLike;
  /** Creates the audio context (howler does it on its first setting or sound). */
  prepareAudio?: () => void;
  /** Load and play failures are reported here; sounds are never worth an exception. */
  log?: (message: string, meta?: unknown) => void;
  /** Sounds loaded and decoded at once rather than at their first play. */
  preload?: readonly SoundName[];
}

interface Sound {
  howl: HowlLike;
  url: string;
  /** Set while a refused play waits for the user's first touch to unlock audio. */
  retry: (() => void) | null;
}

/**
 * Plays the kiosk's sounds with howler. Each Howl is created on the first play
 * of its sound (the panel is too weak to decode every file at startup), but
 * for `preload`'s: creating a Howl loads and decodes its file, several
 * milliseconds on the panel that would otherwise land in the key press that
 * plays it. The
 * audio context is created at once: on the panel that takes tens of
 * milliseconds, which at the first sound would hold up the screen that goes
 * with it ('Access Granted!' after the fifth digit, on every page load).
 */
export function createHowlerSound({
  baseUrl = '/sounds/',
  urlFor = (name) => `${baseUrl}${name}.wav`,
  HowlImpl = Howl,
  prepareAudio = () => void Howler.volume(),
  log,
  preload = [],
}: HowlerSoundOptions = {}): SoundService {
  const sounds = new Map<SoundName, Sound>();
  try {
    prepareAudio();
  } catch (error) {
    log?.('The audio context could not be created', error);
  }

  // Autoplay policy: try again once, when howler sees the first touch or key press.
  function retryOnUnlock(sound: Sound) {
    if (sound.retry) return;
    const retry = () => {
      sound.retry = null;
      sound.howl.play();
    };
    sound.retry = retry;
    sound.howl.once('unlock', retry);
  }

  function soundFor(name: SoundName): Sound {
    const url = urlFor(name);
    const existing = sounds.get(name);
    if (existing?.url === url) return existing;
    if (existing) stop(existing);
    const howl = new HowlImpl({
      src: [url],
      loop: name === 'ring',
      onloaderror: (_id, error) => log?.(`Sound ${name} failed to load`, error),
      onplayerror: (_id, error) => {
        log?.(`Sound ${name} was refused`, error);
        const sound = sounds.get(name);
        if (sound) retryOnUnlock(sound);
      },
    });
    const sound: Sound = { howl, url, retry: null };
    sounds.set(name, sound);
    return sound;
  }

  function stop(sound: Sound) {
    // A pending retry would otherwise start a stopped sound (a looping ring!) at the next touch.
    if (sound.retry) sound.howl.off('unlock', sound.retry);
    sound.retry = null;
    sound.howl.stop();
  }

  for (const name of preload) {
    try {
      soundFor(name);
    } catch (error) {
      log?.(`Sound ${name} could not be loaded`, error);
    }
  }

  return {
    play(name) {
      try {
        const sound = soundFor(name);
        // Restart rather than overlap when the same sound is asked for again.
        stop(sound);
        sound.howl.play();
      } catch (error) {
        log?.(`Sound ${name} could not be played`, error);
      }
    },
    stop(name) {
      const sound = sounds.get(name);
      if (sound) stop(sound);
    },
    stopAll() {
      for (const sound of sounds.values()) stop(sound);
    },
  };
}
