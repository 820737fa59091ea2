import { CameraError, openCamera, QR_CAMERA_CONSTRAINTS, stopStream } from './camera';

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
    const error = await openCamera(undefined, { getUserMedia }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CameraError);
    expect(error).toMatchObject({ failure });
  });

  it('reports a browser without a camera API as missing', async () => {
    await expect(openCamera(undefined, undefined)).rejects.toMatchObject({ failure: 'missing' });
  });
});

describe('stopStream', () => {
  it('stops every track', () => {
    const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
    stopStream({ getTracks: () => tracks } as unknown as MediaStream);
    tracks.forEach((track) => expect(track.stop).toHaveBeenCalledTimes(1));
  });
});
