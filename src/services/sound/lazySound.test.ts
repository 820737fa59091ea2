import { createLazySound } from './lazySound';
import type { SoundService } from './types';

function deferredPlayer() {
  const player: SoundService = { play: vi.fn(), stop: vi.fn(), stopAll: vi.fn() };
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const load = vi.fn(() => new Promise<SoundService>((resolve, reject) => ((arrive = () => resolve(player)), (fail = reject))));
  return {
    player,
    load,
    arrive: async () => {
      arrive();
      await Promise.resolve();
    },
    fail: (error: Error) => fail(error),
  };
}

describe('lazy sound player', () => {
  it('plays what was asked for (and not stopped) once the player arrives, then passes every call through', async () => {
    const { player, load, arrive } = deferredPlayer();
    const sound = createLazySound(load);
    expect(load).toHaveBeenCalledTimes(1);
    sound.play('ring');
    sound.play('welcome');
    sound.play('error');
    sound.stop('ring');
    await arrive();
    expect(vi.mocked(player.play).mock.calls).toEqual([['welcome'], ['error']]);

    sound.play('gateOpen');
    sound.stop('gateOpen');
    sound.stopAll();
    expect(player.play).toHaveBeenLastCalledWith('gateOpen');
    expect(player.stop).toHaveBeenCalledWith('gateOpen');
    expect(player.stopAll).toHaveBeenCalledTimes(1);
  });

  it('forgets everything on stopAll before the player arrives', async () => {
    const { player, load, arrive } = deferredPlayer();
    const sound = createLazySound(load);
    sound.play('ring');
    sound.stopAll();
    await arrive();
    expect(player.play).not.toHaveBeenCalled();
  });

  it('stays silent, without throwing, when the player cannot be loaded, and logs it', async () => {
    const { load, fail } = deferredPlayer();
    const log = vi.fn();
    const sound = createLazySound(load, log);
    sound.play('ring');
    fail(new TypeError('Failed to fetch dynamically imported module'));
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('The sound player could not be loaded', expect.any(TypeError)));
    expect(() => sound.play('error')).not.toThrow();
  });
});
