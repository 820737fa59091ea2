import { createSpeechPlayer, type AudioLike } from './speechPlayer';

/** An audio element whose plays the test finishes, fails or refuses. */
function fakeAudio() {
  const played: string[] = [];
  let refuse: string | null = null;
  const audio: AudioLike & { played: string[]; end(): void; fail(): void; refuseNext(name: string): void } = {
    src: '',
    onended: null,
    onerror: null,
    played,
    play: vi.fn(async function (this: void) {
      if (refuse) {
        const name = refuse;
        refuse = null;
        // A source the engine cannot play: its error event first, then the play's rejection (the media element's failure steps).
        if (name === 'NotSupportedError') audio.onerror?.(new Event('error'));
        throw new DOMException('refused', name);
      }
      played.push(audio.src);
    }),
    pause: vi.fn(),
    end: () => audio.onended?.(new Event('ended')),
    fail: () => audio.onerror?.(new Event('error')),
    refuseNext: (name: string) => {
      refuse = name;
    },
  };
  return audio;
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function player(settings = { language: 'en' as 'en' | 'es', spokenPrompts: true }) {
  const audio = fakeAudio();
  const log = vi.fn();
  const speech = createSpeechPlayer({ settings: () => settings, createAudio: () => audio, win: window, log });
  return { audio, speech, settings, log };
}

describe('spoken prompts', () => {
  it('says nothing while the setting is off', async () => {
    const { audio, speech } = player({ language: 'en', spokenPrompts: false });
    speech.say(['welcome']);
    await flush();
    expect(audio.played).toEqual([]);
  });

  it('plays the clips one after another from the panel language’s folder', async () => {
    const { audio, speech, settings } = player();
    settings.language = 'es';
    speech.say(['welcome', 'homeCode']);
    await flush();
    expect(audio.played).toEqual(['/speech/es/welcome.ogg']);
    audio.end();
    await flush();
    expect(audio.played).toEqual(['/speech/es/welcome.ogg', '/speech/es/homeCode.ogg']);
    audio.end();
    await flush();
    expect(audio.played).toHaveLength(2);
  });

  it('waits the delay asked for', async () => {
    const { audio, speech } = player();
    speech.say(['granted'], { delayMs: 600 });
    await vi.advanceTimersByTimeAsync(599);
    expect(audio.played).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(audio.played).toEqual(['/speech/en/granted.ogg']);
  });

  it('a newer prompt replaces the one being said; stopping the old one then does nothing', async () => {
    const { audio, speech } = player();
    const stopHome = speech.say(['welcome', 'homeCode']);
    await flush();
    speech.say(['granted']);
    stopHome();
    await flush();
    expect(audio.played).toEqual(['/speech/en/welcome.ogg', '/speech/en/granted.ogg']);
    audio.end();
    await flush();
    expect(audio.played).toHaveLength(2);
  });

  it('tries a clip that cannot be loaded once more, then skips it and logs it', async () => {
    const { audio, speech, log } = player();
    speech.say(['missing', 'welcome']);
    await flush();
    audio.fail();
    await flush();
    expect(audio.played).toEqual(['/speech/en/missing.ogg', '/speech/en/missing.ogg']);
    expect(log).not.toHaveBeenCalled();
    audio.fail();
    await flush();
    expect(audio.played).toEqual(['/speech/en/missing.ogg', '/speech/en/missing.ogg', '/speech/en/welcome.ogg']);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('plays a clip refused once (NotSupportedError with its error event, as WebKitGTK does) at the second try, and counts the failure once', async () => {
    const { audio, speech, log } = player();
    speech.say(['enterCode', 'cancel']);
    audio.refuseNext('NotSupportedError');
    await flush();
    expect(audio.played).toEqual(['/speech/en/enterCode.ogg']);
    audio.end();
    await flush();
    expect(audio.played).toEqual(['/speech/en/enterCode.ogg', '/speech/en/cancel.ogg']);
    expect(log).not.toHaveBeenCalled();
  });

  it('tries again at the first key press when the browser refuses to play before one', async () => {
    const { audio, speech } = player();
    audio.refuseNext('NotAllowedError');
    speech.say(['welcome']);
    await flush();
    expect(audio.played).toEqual([]);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    await flush();
    expect(audio.played).toEqual(['/speech/en/welcome.ogg']);
    // Only once.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    await flush();
    expect(audio.played).toHaveLength(1);
  });

  it('stop() silences it and forgets the rest', async () => {
    const { audio, speech } = player();
    speech.say(['welcome', 'homeCode']);
    await flush();
    speech.stop();
    audio.end();
    await flush();
    expect(audio.pause).toHaveBeenCalled();
    expect(audio.played).toEqual(['/speech/en/welcome.ogg']);
  });
});
