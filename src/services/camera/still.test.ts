import { withFakeTimers } from '../../testing/fakeTimers';
import { CameraError, stopStream } from './camera';
import { STILL_TIMEOUT_MS, STILL_WARM_UP_MS, takeStill, type StillDeps } from './still';
import { stillOrReason } from './stillOutcome';

withFakeTimers();

const JPEG = 'data:image/jpeg;base64,/9j/AAAA';

/** A camera of two tracks whose stops are counted. */
function fakeStream() {
  const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
  const stream = { getTracks: () => tracks } as unknown as MediaStream;
  return { stream, allStopped: () => tracks.every((track) => track.stop.mock.calls.length > 0) };
}

function deps(overrides: Partial<StillDeps> = {}, camera = fakeStream()) {
  return { camera, deps: { open: vi.fn(async () => camera.stream), capture: vi.fn(async () => JPEG), stop: stopStream, ...overrides } };
}

/** Settles `promise` into what a test can read at once, while fake time runs. */
function settled<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(outcome, { value, done: true }),
    (error: unknown) => Object.assign(outcome, { error, done: true }),
  );
  return outcome;
}

describe('takeStill', () => {
  it('lets the camera settle, pictures it, then turns it off', async () => {
    const { camera, deps: still } = deps();
    const taking = settled(takeStill(still));
    await vi.advanceTimersByTimeAsync(STILL_WARM_UP_MS - 1);
    expect(still.capture).not.toHaveBeenCalled();
    expect(camera.allStopped()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(taking).toEqual({ value: JPEG, done: true });
    expect(still.capture).toHaveBeenCalledWith(camera.stream);
    expect(camera.allStopped()).toBe(true);
  });

  it('a picture that fails: rejects, and every track is stopped', async () => {
    const { camera, deps: still } = deps({ capture: vi.fn(async () => Promise.reject(new Error('The camera gave no picture'))) });
    const taking = settled(takeStill(still));
    await vi.advanceTimersByTimeAsync(STILL_WARM_UP_MS);
    expect(taking.error).toEqual(new Error('The camera gave no picture'));
    expect(camera.allStopped()).toBe(true);
  });

  it('a camera refused or missing: rejects with its error and nothing else is tried', async () => {
    const refused = new CameraError('refused', 'Permission denied');
    const { deps: still } = deps({ open: vi.fn(() => Promise.reject(refused)) });
    const taking = settled(takeStill(still));
    await vi.advanceTimersByTimeAsync(0);
    expect(taking.error).toBe(refused);
    expect(still.capture).not.toHaveBeenCalled();
  });

  it('a picture that never comes: rejects at the deadline and turns the camera off then', async () => {
    const { camera, deps: still } = deps({ capture: vi.fn(() => new Promise<string>(() => undefined)) });
    const taking = settled(takeStill(still));
    await vi.advanceTimersByTimeAsync(STILL_TIMEOUT_MS - 1);
    expect(taking.done).toBe(false);
    expect(camera.allStopped()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(taking.error).toMatchObject({ name: 'DeadlineError', message: 'The camera still did not finish within 3000 ms' });
    expect(camera.allStopped()).toBe(true);
  });

  it('a camera that opens after the deadline is turned off as it comes, never pictured', async () => {
    let grant: (stream: MediaStream) => void = () => undefined;
    const { camera, deps: still } = deps({ open: vi.fn(() => new Promise<MediaStream>((resolve) => (grant = resolve))) });
    const taking = settled(takeStill(still));
    await vi.advanceTimersByTimeAsync(STILL_TIMEOUT_MS);
    expect(taking.error).toMatchObject({ name: 'DeadlineError' });
    grant(camera.stream);
    await vi.advanceTimersByTimeAsync(0);
    expect(camera.allStopped()).toBe(true);
    expect(still.capture).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('takeStill when the screen that asked ends', () => {
  it('turns the camera off at once, mid warm-up, never pictures, and leaves no timer', async () => {
    const { camera, deps: still } = deps();
    const ended = new AbortController();
    const taking = settled(takeStill(still, ended.signal));
    await vi.advanceTimersByTimeAsync(STILL_WARM_UP_MS / 2);
    expect(camera.allStopped()).toBe(false);
    ended.abort(new Error('The screen ended'));
    await vi.advanceTimersByTimeAsync(0);
    expect(camera.allStopped()).toBe(true);
    expect(taking.error).toEqual(new Error('The screen ended'));
    expect(still.capture).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('asks for no camera when the screen has already ended', async () => {
    const { deps: still } = deps();
    const ended = new AbortController();
    ended.abort(new Error('The screen ended'));
    const taking = settled(takeStill(still, ended.signal));
    await vi.advanceTimersByTimeAsync(0);
    expect(taking.error).toEqual(new Error('The screen ended'));
    expect(still.open).not.toHaveBeenCalled();
  });
});

describe('stillOrReason', () => {
  it('the picture, every track stopped after it', async () => {
    const { camera, deps: still } = deps();
    const outcome = settled(stillOrReason({ takeStill: (ended) => takeStill(still, ended) }, false));
    await vi.advanceTimersByTimeAsync(STILL_WARM_UP_MS);
    expect(outcome.value).toEqual({ photo: JPEG });
    expect(camera.allStopped()).toBe(true);
  });

  it('a camera that fails: why, and every track stopped', async () => {
    const { camera, deps: still } = deps({ capture: vi.fn(async () => Promise.reject(new Error('The camera gave no picture'))) });
    const outcome = settled(stillOrReason({ takeStill: (ended) => takeStill(still, ended) }, false));
    await vi.advanceTimersByTimeAsync(STILL_WARM_UP_MS);
    expect(outcome.value).toEqual({ photoError: 'The camera gave no picture' });
    expect(camera.allStopped()).toBe(true);
  });

  it('a camera a call still holds is not asked for', async () => {
    const takeStillSpy = vi.fn(async () => JPEG);
    await expect(stillOrReason({ takeStill: takeStillSpy }, true)).resolves.toEqual({ photoError: 'The camera is in use by a call' });
    expect(takeStillSpy).not.toHaveBeenCalled();
  });
});
