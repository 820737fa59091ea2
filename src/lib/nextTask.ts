/**
 * Resolves in a later task, so that long work split with it lets key presses
 * and frames in between. A message to itself, not a timer: nested timers are
 * held back 4 ms each, which 50 pieces of work would add up.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise<void>((resolve) => setTimeout(resolve, 0));
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Calls `callback` in a later task, as nextTask resolves; returns what cancels it. */
export function inNextTask(callback: () => void): () => void {
  let cancelled = false;
  void nextTask().then(() => {
    if (!cancelled) callback();
  });
  return () => {
    cancelled = true;
  };
}
