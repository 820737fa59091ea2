import { createMessageRecorder } from './recorder';

/** A MediaRecorder that hands over `chunks` at stop(), as an engine does with the last of a take. */
function recorderGiving(chunks: Blob[]) {
  return class {
    static isTypeSupported = (type: string) => type === 'video/mp4';
    state: RecordingState = 'inactive';
    mimeType = 'video/mp4';
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      for (const data of chunks) this.ondataavailable?.({ data });
      this.onstop?.();
    }
  } as unknown as typeof MediaRecorder;
}

function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

describe('the message recorder', () => {
  it('gives the take in the container the engine recorded, its tracks stopped', async () => {
    const { stream, track } = fakeStream();
    const recorder = createMessageRecorder(() => ({ open: async () => stream, Recorder: recorderGiving([new Blob(['abc'])]) }));
    const recording = await (await recorder.start()).finish();
    expect([recording.size, recording.type]).toEqual([3, 'video/mp4']);
    expect(track.stop).toHaveBeenCalled();
  });

  it('fails a take that holds nothing (WebKitGTK without a video encoder), its tracks stopped', async () => {
    const { stream, track } = fakeStream();
    const recorder = createMessageRecorder(() => ({ open: async () => stream, Recorder: recorderGiving([new Blob([])]) }));
    await expect((await recorder.start()).finish()).rejects.toThrow('The recorder gave no data');
    expect(track.stop).toHaveBeenCalled();
  });
});
