/** A step of a call that did not settle in time. */
export class DeadlineError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = 'DeadlineError';
  }
}

/**
 * Runs `step` with a signal that aborts after `ms`, and rejects with a
 * DeadlineError at that time. Vendor SDKs do not always settle (Twilio's
 * connect hangs without a network; a Telnyx room join takes 30 s to fail), so
 * every such step gets one. A step honours the signal by releasing what it
 * made; a value it still delivers after the deadline goes to `onLate`, so it
 * is released rather than leaked.
 */
export function withDeadline<T>(
  ms: number,
  what: string,
  step: (signal: AbortSignal) => Promise<T>,
  { onLate }: { onLate?: (value: T) => void } = {},
): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      const error = new DeadlineError(what, ms);
      controller.abort(error);
      reject(error);
    }, ms);
    step(controller.signal).then(
      (value) => {
        if (late) onLate?.(value);
        else {
          clearTimeout(timer);
          resolve(value);
        }
      },
      // After the deadline this changes nothing: the signal is aborted and the promise settled.
      (error: unknown) => {
        clearTimeout(timer);
        controller.abort(error);
        reject(error);
      },
    );
  });
}
