import { afterNextFrame } from './afterFirstScreen';

/**
 * Work the frame being drawn does not show (a code's notification, then its
 * access request, sound and the code lock's count), kept out of the task that
 * asks for that frame: a key press paints sooner.
 */
export interface AfterPaint {
  /**
   * Runs `work` in the task after the next frame, after the work asked for
   * before it; work it asks for waits for the frame after that.
   */
  run(work: () => void): void;
  /** Runs at once, in order, the work still waiting for its frame, work asked for meanwhile included: whatever comes next (a reload, the next code) finds it done. */
  flush(): void;
}

/** Each work's failure goes to `onError`; the work after it still runs. */
export function createAfterPaint(onError: (error: unknown) => void, win: Window = window): AfterPaint {
  const waiting: Array<() => void> = [];
  let cancelFrame: (() => void) | null = null;
  let running = false;

  /** Runs the first `count` works waiting, one at a time; what is left waits for the next frame. */
  function runWaiting(count: number): void {
    cancelFrame?.();
    cancelFrame = null;
    running = true;
    for (let done = 0; done < count && waiting.length > 0; done += 1) {
      try {
        waiting.shift()!();
      } catch (error) {
        onError(error);
      }
    }
    running = false;
    if (waiting.length > 0) cancelFrame = afterNextFrame(afterFrame, win);
  }
  const afterFrame = () => runWaiting(waiting.length);
  const flush = () => runWaiting(Infinity);

  return {
    run(work) {
      waiting.push(work);
      if (!running) cancelFrame ??= afterNextFrame(afterFrame, win);
    },
    flush,
  };
}
