import { captureFrame } from './captureFrame';

const camera = {} as MediaStream;

/** jsdom has no video decoding: the test says when the picture arrives and how big it is. */
function fakeVideo({ width = 240, height = 180 } = {}) {
  const created: HTMLVideoElement[] = [];
  const createElement = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
    const element = createElement(tag);
    if (tag === 'video') {
      Object.defineProperties(element, { videoWidth: { value: width }, videoHeight: { value: height } });
      created.push(element as HTMLVideoElement);
    }
    return element;
  });
  /** The one video element captureFrame made. */
  return () => {
    const [video] = created;
    if (!video || created.length !== 1) throw new Error(`expected one video element, got ${created.length}`);
    return video;
  };
}

describe('captureFrame', () => {
  it("returns the camera's first picture as a JPEG data URL and lets go of the stream", async () => {
    const video = fakeVideo();
    const drawImage = vi.fn();
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,AAAA');

    const capturing = captureFrame(camera);
    // Muted and inline, so it plays without a gesture and never takes the screen or makes a sound.
    expect(video().muted).toBe(true);
    expect(video().playsInline).toBe(true);
    video().onloadeddata?.(new Event('loadeddata'));
    await expect(capturing).resolves.toBe('data:image/jpeg;base64,AAAA');
    expect(getContext).toHaveBeenCalledWith('2d');
    expect(toDataURL).toHaveBeenCalledWith('image/jpeg', expect.any(Number));
    expect(drawImage).toHaveBeenCalledWith(video(), 0, 0);
    expect(video().srcObject).toBeNull();
    expect(video().onloadeddata).toBeNull();
  });

  it('gives up when the camera shows no picture in time', async () => {
    vi.useFakeTimers();
    try {
      const video = fakeVideo();
      const capturing = captureFrame(camera, 5000);
      const failed = expect(capturing).rejects.toThrow('The camera gave no picture');
      await vi.advanceTimersByTimeAsync(5000);
      await failed;
      expect(video().srcObject).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails clearly when the picture has no size or cannot be drawn', async () => {
    const video = fakeVideo({ width: 0, height: 0 });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: vi.fn() } as unknown as CanvasRenderingContext2D);
    const capturing = captureFrame(camera);
    video().onloadeddata?.(new Event('loadeddata'));
    await expect(capturing).rejects.toThrow('The camera picture could not be drawn');
  });

  it('fails when the video refuses to play', async () => {
    fakeVideo();
    vi.mocked(HTMLMediaElement.prototype.play).mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await expect(captureFrame(camera)).rejects.toThrow('denied');
  });
});
