import { openCamera, stopStream } from '../camera/camera';

/** The longest message (docs/rules.md#r8-1-18). */
export const MESSAGE_MAX_MS = 20000;

/**
 * The containers tried, best first: WebM in Chromium, MP4 in WebKit; none
 * named (the engine's own) where MediaRecorder cannot say what it supports.
 */
const CONTAINERS = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

/**
 * A face and a voice at a panel: small enough that 20 s is about 2.7 MB, so
 * the 20 messages the panel keeps fit in its 50 MB (src/features/messages/messageQueue.ts).
 */
const MESSAGE_CONSTRAINTS: MediaStreamConstraints = { video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true };
const BITRATES = { videoBitsPerSecond: 1_000_000, audioBitsPerSecond: 64_000 };

/** One take under way. */
export interface MessageTake {
  /** The camera and microphone, for the preview. */
  stream: MediaStream;
  /** Ends the take: the recorder and every track stopped; resolves with the recording, rejects when it holds nothing. */
  finish(): Promise<Blob>;
  /** Ends it with nothing kept: the recorder and every track stopped. */
  cancel(): void;
}

/** The panel's camera and microphone recorded; a component reaches it through the services. */
export interface MessageRecorder {
  /** Opens the camera and microphone and starts recording; rejects when they cannot be had or the engine cannot record. */
  start(): Promise<MessageTake>;
}

type RecorderClass = typeof MediaRecorder;

export interface RecorderDeps {
  open: () => Promise<MediaStream>;
  Recorder: RecorderClass | undefined;
}

/** The first container the engine records, or undefined (its own). */
export function containerFor(Recorder: Pick<RecorderClass, 'isTypeSupported'>): string | undefined {
  return typeof Recorder.isTypeSupported === 'function' ? CONTAINERS.find((type) => Recorder.isTypeSupported(type)) : undefined;
}

function record(stream: MediaStream, Recorder: RecorderClass): MessageTake {
  const mimeType = containerFor(Recorder);
  const recorder = new Recorder(stream, mimeType ? { mimeType, ...BITRATES } : BITRATES);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise<void>((resolve, reject) => {
    recorder.onstop = () => resolve();
    recorder.onerror = (event) => reject((event as Event & { error?: unknown }).error ?? new Error('The recording failed'));
  });
  // The last chunk comes with stop(); one a second keeps a take that ends abruptly mostly whole.
  recorder.start(1000);
  const release = () => {
    if (recorder.state !== 'inactive') recorder.stop();
    stopStream(stream);
  };
  return {
    stream,
    finish: async () => {
      release();
      await stopped;
      // WebKitGTK without a video encoder records nothing and says nothing: an empty take is a failed one.
      if (chunks.length === 0) throw new Error('The recorder gave no data');
      // The recorder names the container and codecs it used; the chunks carry the same.
      return new Blob(chunks, { type: recorder.mimeType || mimeType || chunks[0]?.type || 'video/webm' });
    },
    cancel: () => {
      stopped.catch(() => undefined);
      release();
    },
  };
}

const defaultDeps = (): RecorderDeps => ({
  open: () => openCamera(MESSAGE_CONSTRAINTS),
  Recorder: typeof MediaRecorder === 'function' ? MediaRecorder : undefined,
});

export function createMessageRecorder(deps: () => RecorderDeps = defaultDeps): MessageRecorder {
  return {
    async start() {
      const { open, Recorder } = deps();
      if (!Recorder) throw new Error('This engine has no MediaRecorder');
      const stream = await open();
      try {
        return record(stream, Recorder);
      } catch (error) {
        stopStream(stream);
        throw error;
      }
    },
  };
}
