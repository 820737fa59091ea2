import type { Language } from '../../strings/catalogue';

/** The part of HTMLAudioElement the player uses, so tests can pass a fake. */
export interface AudioLike {
  src: string;
  play(): Promise<void>;
  pause(): void;
  onended: ((event: Event) => void) | null;
  onerror: ((event: Event | string) => void) | null;
}

/** Speaks pre-recorded prompts (public/speech/<language>/<clip>.ogg), one after another. */
export interface SpeechService {
  /**
   * Says `clips` in order, after `delayMs`, instead of whatever was being said;
   * nothing while prompts are off. The returned function stops this utterance
   * only (a newer one goes on).
   */
  say(clips: readonly string[], options?: { delayMs?: number }): () => void;
  /** Stops speaking and forgets what was left to say. */
  stop(): void;
}

export interface SpeechPlayerOptions {
  /** Read at every `say`: the device record can change them. */
  settings: () => { language: Language; spokenPrompts: boolean };
  baseUrl?: string;
  createAudio?: () => AudioLike;
  /** Where the first key press or tap is awaited when the browser refuses to play before one. */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  log?: (message: string, meta?: unknown) => void;
}

const UNLOCK_EVENTS = ['keydown', 'pointerdown'] as const;

/**
 * One audio element plays the clips in turn. A clip that fails to load or
 * play is tried once more (WebKitGTK's media pipeline now and then refuses a
 * clip it plays the next time), then skipped; a play the browser refuses (no user gesture yet) is tried again at
 * the first key press or tap. Works offline: the clips are the kiosk's own files.
 */
export function createSpeechPlayer({
  settings,
  baseUrl = '/speech/',
  createAudio = () => new Audio(),
  win = window,
  log,
}: SpeechPlayerOptions): SpeechService {
  let audio: AudioLike | null = null;
  let queue: string[] = [];
  let language: Language = 'en';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unlock: (() => void) | null = null;
  let utterance = 0;
  /** Which play the element's events and rejections belong to: a failure counts once, by either. */
  let playing = 0;
  let retried: string | null = null;

  const forgetUnlock = () => {
    if (unlock) UNLOCK_EVENTS.forEach((name) => win.removeEventListener(name, unlock as () => void, true));
    unlock = null;
  };

  function playFront() {
    const clip = queue[0];
    if (clip === undefined || !audio) return;
    const player = audio;
    const play = ++playing;
    player.src = `${baseUrl}${language}/${clip}.ogg`;
    player.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        forgetUnlock();
        unlock = () => {
          forgetUnlock();
          if (queue[0] === clip) playFront();
        };
        UNLOCK_EVENTS.forEach((name) => win.addEventListener(name, unlock as () => void, true));
      } else if (!(error instanceof DOMException && error.name === 'AbortError')) {
        // AbortError: stopped or replaced meanwhile.
        failed(play, error);
      }
    });
  }

  function failed(play: number, error: unknown) {
    const clip = queue[0];
    if (play !== playing || clip === undefined) return;
    playing += 1;
    if (retried === clip) {
      log?.(`Spoken prompt ${clip} could not be played`, error);
      next();
      return;
    }
    retried = clip;
    playFront();
  }

  function next() {
    retried = null;
    queue = queue.slice(1);
    playFront();
  }

  function stop() {
    clearTimeout(timer);
    forgetUnlock();
    queue = [];
    audio?.pause();
  }

  return {
    say(clips, { delayMs = 0 } = {}) {
      stop();
      const id = ++utterance;
      const stopThis = () => {
        if (id === utterance) stop();
      };
      const current = settings();
      if (!current.spokenPrompts || clips.length === 0) return stopThis;
      language = current.language;
      if (!audio) {
        audio = createAudio();
        audio.onended = next;
        audio.onerror = () => failed(playing, audio?.src);
      }
      queue = [...clips];
      retried = null;
      timer = setTimeout(playFront, delayMs);
      return stopThis;
    },
    stop,
  };
}
