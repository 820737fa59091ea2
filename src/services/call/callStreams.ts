import { createListeners } from '../../lib/listeners';

/** The streams of the call in progress, for the call screen to show. */
export interface CallStreams {
  local: MediaStream | null;
  remote: MediaStream | null;
}

/**
 * A small store of the current call's streams: the call workflow sets them,
 * the screen reads them with useSyncExternalStore. Streams are not plain data,
 * so they stay out of Redux.
 */
export interface CallStreamRegistry {
  get(): CallStreams;
  set(part: keyof CallStreams, stream: MediaStream | null): void;
  subscribe(listener: () => void): () => void;
}

export function createCallStreamRegistry(): CallStreamRegistry {
  let streams: CallStreams = { local: null, remote: null };
  const listeners = createListeners();
  return {
    get: () => streams,
    set(part, stream) {
      if (streams[part] === stream) return;
      streams = { ...streams, [part]: stream };
      listeners.notify();
    },
    subscribe: listeners.subscribe,
  };
}
