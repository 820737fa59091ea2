import type { HowlOptions } from 'howler';
import { createHowlerSound, type HowlLike } from './howlerSound';
import { SOUND_NAMES } from './types';

/** Records what the service asks of each Howl; `refuse` makes play report an autoplay refusal. */
class FakeHowl implements HowlLike {
  static all: FakeHowl[] = [];
  static refuse = false;
  plays = 0;
  stops = 0;
  unlockListeners: Array<() => void> = [];

  constructor(readonly options: HowlOptions) {
    FakeHowl.all.push(this);
  }
  play() {
    this.plays += 1;
    if (FakeHowl.refuse) this.options.onplayerror?.(this.plays, 'play() failed because the user did not interact');
    return this.plays;
  }
  stop() {
    this.stops += 1;
  }
  once(_event: 'unlock', callback: () => void) {
    this.unlockListeners.push(callback);
  }
  off(_event: 'unlock', callback: () => void) {
    this.unlockListeners = this.unlockListeners.filter((listener) => listener !== callback);
  }
  unlock() {
    const listeners = this.unlockListeners;
    this.unlockListeners = [];
    for (const listener of listeners) listener();
  }
}

function setup() {
  const log = vi.fn();
  const prepareAudio = vi.fn();
  return { sound: createHowlerSound({ HowlImpl: FakeHowl, log, prepareAudio }), log, prepareAudio };
}

function howlFor(name: string): FakeHowl {
  const howl = FakeHowl.all.find(({ options }) => options.src[0] === `/sounds/${name}.wav`);
  if (!howl) throw new Error(`no Howl for ${name}`);
  return howl;
}

beforeEach(() => {
  FakeHowl.all = [];
  FakeHowl.refuse = false;
});

describe('createHowlerSound', () => {
  it('creates each Howl on its first play only, from /sounds/<name>.wav', () => {
    const { sound } = setup();
    expect(FakeHowl.all).toHaveLength(0);
    for (const name of SOUND_NAMES) sound.play(name);
    sound.play('qr');
    expect(FakeHowl.all.map(({ options }) => options.src)).toEqual(SOUND_NAMES.map((name) => [`/sounds/${name}.wav`]));
  });

  it("loads the preloaded sounds at once (nothing played), and plays those Howls later without creating others", () => {
    const sound = createHowlerSound({ HowlImpl: FakeHowl, prepareAudio: vi.fn(), preload: ['gateOpen', 'sorryCode'] });
    expect(FakeHowl.all.map(({ options }) => options.src)).toEqual([['/sounds/gateOpen.wav'], ['/sounds/sorryCode.wav']]);
    expect(FakeHowl.all.map((howl) => howl.plays)).toEqual([0, 0]);
    sound.play('gateOpen');
    expect(FakeHowl.all).toHaveLength(2);
    expect(howlFor('gateOpen').plays).toBe(1);
  });

  it('creates the audio context when it is created, before any sound is played', () => {
    const { prepareAudio } = setup();
    expect(prepareAudio).toHaveBeenCalledTimes(1);
    expect(FakeHowl.all).toHaveLength(0);
  });

  it('plays on without sound effects set up when the audio context cannot be created, and logs it', () => {
    const log = vi.fn();
    const failure = new Error('AudioContext is not allowed');
    const prepareAudio = () => {
      throw failure;
    };
    const sound = createHowlerSound({ HowlImpl: FakeHowl, log, prepareAudio });
    expect(log).toHaveBeenCalledWith('The audio context could not be created', failure);
    sound.play('gateOpen');
    expect(FakeHowl.all.at(-1)?.plays).toBe(1);
  });

  it('loops the ring and nothing else', () => {
    const { sound } = setup();
    for (const name of SOUND_NAMES) sound.play(name);
    const looping = FakeHowl.all.filter(({ options }) => options.loop).map(({ options }) => options.src);
    expect(looping).toEqual([['/sounds/ring.wav']]);
  });

  it('restarts a sound that is played again', () => {
    const { sound } = setup();
    sound.play('ring');
    sound.play('ring');
    expect(howlFor('ring')).toMatchObject({ plays: 2, stops: 2 });
  });

  it('stops one sound, or all of them', () => {
    const { sound } = setup();
    sound.play('ring');
    sound.play('welcome');
    sound.stop('ring');
    expect(howlFor('ring').stops).toBe(2);
    expect(howlFor('welcome').stops).toBe(1);
    sound.stopAll();
    expect(howlFor('ring').stops).toBe(3);
    expect(howlFor('welcome').stops).toBe(2);
    expect(() => sound.stop('qr')).not.toThrow();
  });

  it('retries a refused play once, when howler unlocks audio', () => {
    const { sound, log } = setup();
    FakeHowl.refuse = true;
    sound.play('welcome');
    expect(log).toHaveBeenCalledWith('Sound welcome was refused', expect.anything());
    expect(howlFor('welcome').unlockListeners).toHaveLength(1);

    FakeHowl.refuse = false;
    howlFor('welcome').unlock();
    expect(howlFor('welcome').plays).toBe(2);
    howlFor('welcome').unlock();
    expect(howlFor('welcome').plays).toBe(2);
  });

  it('does not start a stopped sound when audio unlocks later', () => {
    const { sound } = setup();
    FakeHowl.refuse = true;
    sound.play('ring');
    sound.stop('ring');
    howlFor('ring').unlock();
    expect(howlFor('ring').plays).toBe(1);
  });

  it('never throws, even when howler does', () => {
    const log = vi.fn();
    const Broken = class extends FakeHowl {
      override play(): number {
        throw new Error('no audio device');
      }
    };
    const sound = createHowlerSound({ HowlImpl: Broken, log });
    expect(() => sound.play('error')).not.toThrow();
    expect(log).toHaveBeenCalledWith('Sound error could not be played', expect.any(Error));
  });
});
