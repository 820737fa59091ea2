import { act, screen } from '@testing-library/react';
import type { MessageRecorder, MessageTake } from '../services/messages/recorder';
import { eventually, turn } from './eventually';

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

type FakeTake = ReturnType<typeof createFakeRecorder>['takes'][number];

/**
 * On a message screen whose take has begun (GEN2): waits for `stop` (its
 * button's name), then checks the countdown reads `countdown`, the preview
 * shows the take's camera and the prompt says it records. Resolves with the take.
 */
export async function recordingShown(services: { recorder: ReturnType<typeof createFakeRecorder>; speech: { say: unknown } }, stop: string | RegExp, countdown: string): Promise<FakeTake> {
  await eventually(() => screen.getByRole('button', { name: stop }), () => act(turn));
  expect(screen.getByRole('timer')).toHaveTextContent(countdown);
  const take = services.recorder.takes[0]!;
  expect((screen.getByLabelText('Your camera') as HTMLVideoElement).srcObject).toBe(take.stream);
  expect(services.speech.say).toHaveBeenLastCalledWith(['messageRecording-GEN2']);
  return take;
}

/** The take finished (kept), and its camera and microphone are off. */
export function expectFinished(take: FakeTake): void {
  expect(take.finished).toBe(true);
  expect(take.tracks.map((track) => track.readyState)).toEqual(['ended', 'ended']);
}
