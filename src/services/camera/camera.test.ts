import { CAMERA_RETRY_MS, CameraError, openCamera, QR_CAMERA_CONSTRAINTS, stopStream } from './camera';

const domError = (name: string) => new DOMException('camera says no', name);

describe('openCamera', () => {
  it('asks for a 240-pixel-wide picture and no audio', async () => {
    const stream = {} as MediaStream;
    const getUserMedia = vi.fn(async () => stream);
    await expect(openCamera(undefined, { getUserMedia })).resolves.toBe(stream);
    expect(getUserMedia).toHaveBeenCalledWith({ video: { width: 240 }, audio: false });
    expect(QR_CAMERA_CONSTRAINTS).toEqual({ video: { width: 240 }, audio: false });
  });

  it.each([
    ['NotAllowedError', 'refused'],
    ['SecurityError', 'refused'],
    ['NotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotReadableError', 'unavailable'],
    ['TypeError', 'unavailable'],
  ])('reports %s as %s', async (name, failure) => {
    const getUserMedia = vi.fn(async () => {
      throw domError(name);
    });
    vi.useFakeTimers();
    const settled = openCamera(undefined, { getUserMedia }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CAMERA_RETRY_MS);
    const error = await settled;
    vi.useRealTimers();
    expect(error).toBeInstanceOf(CameraError);
    expect(error).toMatchObject({ failure });
  });

  it('reports a browser without a camera API as missing', async () => {
    await expect(openCamera(undefined, undefined)).rejects.toMatchObject({ failure: 'missing' });
  });
});

describe('openCamera on a camera that is slow to appear', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const notFound = () => Promise.reject(domError('NotFoundError'));

  it('reads the device list before every ask (Chromium 83 picks from a stale one otherwise)', async () => {
    const order: string[] = [];
    const enumerateDevices = vi.fn(async () => (order.push('list'), []));
    const getUserMedia = vi.fn(async () => (order.push('ask'), {}) as MediaStream);
    await openCamera(undefined, { getUserMedia, enumerateDevices });
    expect(order).toEqual(['list', 'ask']);
  });

  it('asks even when the device list cannot be read', async () => {
    const getUserMedia = vi.fn(async () => ({}) as MediaStream);
    await openCamera(undefined, { getUserMedia, enumerateDevices: () => Promise.reject(new Error('no list')) });
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('asks once more after a short wait when no camera was found, and gets it', async () => {
    const stream = {} as MediaStream;
    const getUserMedia = vi.fn().mockImplementationOnce(notFound).mockResolvedValueOnce(stream);
    const opened = openCamera(undefined, { getUserMedia });
    await vi.advanceTimersByTimeAsync(CAMERA_RETRY_MS - 1);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(opened).resolves.toBe(stream);
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('reports the camera missing when the second ask finds none either', async () => {
    const getUserMedia = vi.fn(notFound);
    const opened = openCamera(undefined, { getUserMedia }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CAMERA_RETRY_MS);
    expect(await opened).toMatchObject({ failure: 'missing' });
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('does not ask again when the camera is refused or unusable', async () => {
    for (const name of ['NotAllowedError', 'NotReadableError']) {
      const getUserMedia = vi.fn(() => Promise.reject(domError(name)));
      await expect(openCamera(undefined, { getUserMedia })).rejects.toBeInstanceOf(CameraError);
      expect(getUserMedia).toHaveBeenCalledTimes(1);
    }
  });

  it('drops the second ask when the screen ends during the wait, leaving no timer', async () => {
    const getUserMedia = vi.fn(notFound);
    const ended = new AbortController();
    const opened = openCamera(undefined, { getUserMedia }, ended.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CAMERA_RETRY_MS / 2);
    ended.abort();
    expect(await opened).toBeInstanceOf(CameraError);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(CAMERA_RETRY_MS);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });
});

describe('stopStream', () => {
  it('stops every track', () => {
    const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
    stopStream({ getTracks: () => tracks } as unknown as MediaStream);
    tracks.forEach((track) => expect(track.stop).toHaveBeenCalledTimes(1));
  });
});
