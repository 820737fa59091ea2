import type { MessageRecorder, MessageTake } from '../services/messages/recorder';

/** A track whose stop() a test can check, as the camera's and the microphone's. */
const fakeTrack = (kind: 'video' | 'audio') => ({ kind, readyState: 'live', stop: vi.fn(function (this: { readyState: string }) { this.readyState = 'ended'; }) });

/**
 * The message recorder: each start() opens a fake camera and microphone at
 * once (or fails with `failNext`), and its take finishes with `recording`.
 * `takes` holds every take, with its tracks, to check what was stopped.
 */
export function createFakeRecorder() {
  const takes: Array<MessageTake & { tracks: Array<ReturnType<typeof fakeTrack>>; finished: boolean; cancelled: boolean }> = [];
  const recorder = {
    takes,
    recording: new Blob(['a recorded message'], { type: 'video/webm' }),
    failNext: null as Error | null,
    start: vi.fn(async (): Promise<MessageTake> => {
      if (recorder.failNext) {
        const error = recorder.failNext;
        recorder.failNext = null;
        throw error;
      }
      const tracks = [fakeTrack('video'), fakeTrack('audio')];
      const stream = { getTracks: () => tracks, getVideoTracks: () => [tracks[0]], getAudioTracks: () => [tracks[1]] } as unknown as MediaStream;
      const take = {
        stream,
        tracks,
        finished: false,
        cancelled: false,
        finish: vi.fn(async () => {
          take.finished = true;
          tracks.forEach((track) => track.stop());
          return recorder.recording;
        }),
        cancel: vi.fn(() => {
          take.cancelled = true;
          tracks.forEach((track) => track.stop());
        }),
      };
      takes.push(take);
      return take;
    }),
  };
  return recorder satisfies MessageRecorder;
}
