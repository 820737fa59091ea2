import { afterNextFrame } from './afterFirstScreen';

/**
 * Work the frame being drawn does not show (a code's access request, its
 * sound, the code lock's count), kept out of the task that asks for that
 * frame: a key press paints its outcome sooner.
 */
export interface AfterPaint {
  /** Runs `work` in the task after the next frame, after the work asked for before it. */
  run(work: () => void): void;
  /** Runs at once, in order, the work still waiting for its frame: whatever comes next (a reload, the next code) finds it done. */
  flush(): void;
}

/** Each work's failure goes to `onError`; the work after it still runs. */
export function createAfterPaint(onError: (error: unknown) => void, win: Window = window): AfterPaint {
  const waiting: Array<() => void> = [];
  let cancelFrame: (() => void) | null = null;
  let flushing = false;

  function flush(): void {
    cancelFrame?.();
    cancelFrame = null;
    flushing = true;
    // One at a time: work that asks for more has it run in this flush too.
    for (let work = waiting.shift(); work; work = waiting.shift()) {
      try {
        work();
      } catch (error) {
        onError(error);
      }
    }
    flushing = false;
  }

  return {
    run(work) {
      waiting.push(work);
      if (!flushing) cancelFrame ??= afterNextFrame(flush, win);
    },
    flush,
  };
}
