import { createCallStreamRegistry } from './callStreams';

const stream = () => ({ id: Math.random().toString(36) }) as unknown as MediaStream;

describe('call stream registry', () => {
  it('tells subscribers when a stream comes or goes, once per change, until they leave', () => {
    const streams = createCallStreamRegistry();
    const heard = vi.fn();
    const leave = streams.subscribe(heard);
    const camera = stream();
    expect(streams.get()).toEqual({ local: null, remote: null });

    streams.set('local', camera);
    streams.set('local', camera);
    expect(heard).toHaveBeenCalledTimes(1);
    const first = streams.get();
    expect(first).toEqual({ local: camera, remote: null });

    const resident = stream();
    streams.set('remote', resident);
    // A new object on change, so useSyncExternalStore sees it; the old snapshot is untouched.
    expect(streams.get()).toEqual({ local: camera, remote: resident });
    expect(first.remote).toBeNull();

    leave();
    streams.set('local', null);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(streams.get().local).toBeNull();
  });
});
