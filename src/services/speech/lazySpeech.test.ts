import { createLazySpeech } from './lazySpeech';
import type { SpeechService } from './speechPlayer';

function fakePlayer() {
  const stopThis = vi.fn();
  const player = { say: vi.fn((_clips: readonly string[]) => stopThis), stop: vi.fn() } satisfies SpeechService;
  return { player, stopThis };
}

describe('the spoken-prompt player, loaded on demand', () => {
  it('never loads while prompts are off', async () => {
    const load = vi.fn();
    const speech = createLazySpeech(() => false, load);
    speech.say(['welcome']);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
  });

  it('says the latest prompt asked for while it loads, once it is there', async () => {
    const { player } = fakePlayer();
    const speech = createLazySpeech(() => true, async () => player);
    speech.say(['welcome']);
    speech.say(['enterCode']);
    await vi.waitFor(() => expect(player.say).toHaveBeenCalledTimes(1));
    expect(player.say).toHaveBeenCalledWith(['enterCode'], undefined);
    speech.say(['scanQr'], { delayMs: 5 });
    expect(player.say).toHaveBeenLastCalledWith(['scanQr'], { delayMs: 5 });
  });

  it('says nothing that was stopped before it loaded, and stops what it said for a prompt stopped later', async () => {
    const { player, stopThis } = fakePlayer();
    let arrive!: (loaded: SpeechService) => void;
    const speech = createLazySpeech(() => true, () => new Promise((resolve) => (arrive = resolve)));
    const stopHome = speech.say(['welcome']);
    stopHome();
    arrive(player);
    await Promise.resolve();
    await Promise.resolve();
    expect(player.say).not.toHaveBeenCalled();

    const { player: second, stopThis: stopSecond } = fakePlayer();
    let arriveSecond!: (loaded: SpeechService) => void;
    const other = createLazySpeech(() => true, () => new Promise((resolve) => (arriveSecond = resolve)));
    const stopCode = other.say(['enterCode']);
    arriveSecond(second);
    await vi.waitFor(() => expect(second.say).toHaveBeenCalled());
    stopCode();
    expect(stopSecond).toHaveBeenCalled();
    expect(stopThis).not.toHaveBeenCalled();
  });

  it('logs a player that cannot be loaded and tries again next time', async () => {
    const log = vi.fn();
    const { player } = fakePlayer();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(player);
    const speech = createLazySpeech(() => true, load, log);
    speech.say(['welcome']);
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    speech.say(['welcome']);
    await vi.waitFor(() => expect(player.say).toHaveBeenCalledWith(['welcome'], undefined));
  });
});
