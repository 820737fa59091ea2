import { CameraError } from '../../services/camera/camera';
import type { QrDecoder } from '../../services/qr/qrDecoder';
import { startScanSession, type ScanDeps, type ScanEvents } from './scanSession';

/** docs/rules.md#r4-11-1 (R9.4.2): a frame every 100 ms. */
const FRAME_MS = 100;

/** A video element stand-in: `play` fires 'playing' like a camera picture arriving. */
function fakeVideo() {
  const video = Object.assign(new EventTarget(), {
    srcObject: null as MediaStream | null,
    videoWidth: 240,
    videoHeight: 180,
    play: vi.fn(async () => void video.dispatchEvent(new Event('playing'))),
  });
  return video;
}

function fakeStream() {
  const track = Object.assign(new EventTarget(), { stop: vi.fn() });
  return { track, stream: { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream };
}

/** A decoder whose frames the test answers one by one. */
function fakeDecoder() {
  let answer: { resolve: (v: string | null) => void; reject: (e: Error) => void } | null = null;
  const decoder = {
    get busy() {
      return answer !== null;
    },
    decode: vi.fn(
      (_frame: ImageData) =>
        new Promise<string | null>((resolve, reject) => {
          answer = { resolve, reject };
        }),
    ),
    terminate: vi.fn(),
    async answer(value: string | null | Error) {
      const current = answer;
      answer = null;
      if (value instanceof Error) current?.reject(value);
      else current?.resolve(value);
      await Promise.resolve();
    },
  };
  return decoder satisfies QrDecoder;
}

function setup(overrides: Partial<ScanDeps> = {}, accept: (value: string) => boolean = (v) => /^\d{5}$/.test(v)) {
  const video = fakeVideo();
  const { stream, track } = fakeStream();
  const decoder = fakeDecoder();
  const events = { onStatus: vi.fn(), onDecoded: vi.fn(accept), onDecodeError: vi.fn() } satisfies ScanEvents;
  const deps: ScanDeps = {
    openCamera: vi.fn(async () => stream),
    stopStream: vi.fn((s: MediaStream) => s.getTracks().forEach((t) => t.stop())),
    createDecoder: () => decoder,
    createFrameGrabber: () => () => ({ width: 240, height: 180, data: new Uint8ClampedArray(4) }) as ImageData,
    ...overrides,
  };
  const stop = startScanSession(video as unknown as HTMLVideoElement, events, deps);
  return { video, stream, track, decoder, events, deps, stop };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scan session', () => {
  it('shows the camera, then decodes a frame every 100 ms with one frame in flight', async () => {
    const { video, stream, decoder, events } = setup();
    await flush();
    expect(video.srcObject).toBe(stream);
    expect(events.onStatus).toHaveBeenLastCalledWith({ state: 'scanning' });
    expect(decoder.decode).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(99);
    expect(decoder.decode).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(decoder.decode).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * FRAME_MS);
    expect(decoder.decode).toHaveBeenCalledTimes(1);
    await decoder.answer(null);
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    expect(decoder.decode).toHaveBeenCalledTimes(2);
  });

  it('stops at the first accepted value: no more frames, worker ended, camera off', async () => {
    const { decoder, events, track, video } = setup();
    await flush();
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    await decoder.answer('12345');
    expect(events.onDecoded).toHaveBeenCalledWith('12345');
    expect(decoder.terminate).toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
    await vi.advanceTimersByTimeAsync(10 * FRAME_MS);
    expect(decoder.decode).toHaveBeenCalledTimes(1);
  });

  it('goes on after a declined value, offering each declined value only once', async () => {
    const { decoder, events } = setup();
    await flush();
    for (const value of ['hello', 'hello', '1234', '54321']) {
      await vi.advanceTimersByTimeAsync(FRAME_MS);
      await decoder.answer(value);
    }
    expect(events.onDecoded.mock.calls.map(([v]) => v)).toEqual(['hello', '1234', '54321']);
  });

  it('reports each distinct decode error once and keeps scanning', async () => {
    const { decoder, events } = setup();
    await flush();
    for (let i = 0; i < 3; i += 1) {
      await vi.advanceTimersByTimeAsync(FRAME_MS);
      await decoder.answer(new Error('bad frame'));
    }
    await flush();
    expect(events.onDecodeError).toHaveBeenCalledTimes(1);
    expect(events.onDecodeError).toHaveBeenCalledWith('bad frame');
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    expect(decoder.decode).toHaveBeenCalledTimes(4);
  });

  it('releases everything when the screen ends', async () => {
    const { decoder, track, stop } = setup();
    await flush();
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    stop();
    expect(decoder.terminate).toHaveBeenCalledTimes(1);
    expect(track.stop).toHaveBeenCalledTimes(1);
    await decoder.answer('12345');
    await vi.advanceTimersByTimeAsync(10 * FRAME_MS);
    expect(decoder.decode).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends the camera request (a second ask still waiting) when the screen ends', async () => {
    const openCamera = vi.fn((_signal: AbortSignal) => new Promise<MediaStream>(() => undefined));
    const { stop } = setup({ openCamera });
    const [signal] = openCamera.mock.calls[0]!;
    expect(signal.aborted).toBe(false);
    stop();
    expect(signal.aborted).toBe(true);
  });

  it('stops a camera that arrives after the screen ended', async () => {
    let resolve: (s: MediaStream) => void = () => undefined;
    const { stream, track } = fakeStream();
    const { stop, video } = setup({ openCamera: () => new Promise((r) => (resolve = r)) });
    stop();
    resolve(stream);
    await flush();
    expect(track.stop).toHaveBeenCalled();
    expect(video.play).not.toHaveBeenCalled();
  });

  it.each(['missing', 'refused'] as const)('fails with %s when the camera is %s', async (failure) => {
    const { events, decoder } = setup({ openCamera: () => Promise.reject(new CameraError(failure, 'nope')) });
    await flush();
    expect(events.onStatus).toHaveBeenLastCalledWith({ state: 'failed', failure, detail: 'nope' });
    expect(decoder.terminate).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails when the picture never comes, rather than loading forever', async () => {
    const { events, track } = setup({ createFrameGrabber: () => null, openCamera: vi.fn(() => new Promise<MediaStream>(() => undefined)) });
    await vi.advanceTimersByTimeAsync(10000);
    expect(events.onStatus).toHaveBeenLastCalledWith({ state: 'failed', failure: 'unavailable', detail: 'The camera did not start in time' });
    expect(track.stop).not.toHaveBeenCalled();
  });

  it('fails when the camera is unplugged while scanning', async () => {
    const { events, track } = setup();
    await flush();
    track.dispatchEvent(new Event('ended'));
    expect(events.onStatus).toHaveBeenLastCalledWith(expect.objectContaining({ state: 'failed', failure: 'unavailable' }));
  });

  it('lets go of the camera track on stop, so a stream the browser still holds does not keep the session alive', async () => {
    const { track, stop } = setup();
    const added = vi.spyOn(track, 'addEventListener');
    const removed = vi.spyOn(track, 'removeEventListener');
    await flush();
    stop();
    expect(added).toHaveBeenCalledWith('ended', expect.any(Function));
    expect(removed).toHaveBeenCalledWith('ended', added.mock.calls[0]?.[1]);
  });

  it('fails as a decoder problem when the worker cannot be created', async () => {
    const { events, deps } = setup({
      createDecoder: () => {
        throw new Error('no workers');
      },
    });
    await flush();
    expect(events.onStatus).toHaveBeenLastCalledWith({ state: 'failed', failure: 'decoder', detail: 'no workers' });
    expect(deps.openCamera).not.toHaveBeenCalled();
  });
});
