/** A step of a call that did not settle in time. */
export class DeadlineError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = 'DeadlineError';
  }
}

/**
 * Runs `step` with a signal that aborts after `ms` (or when `parent` aborts),
 * and rejects with a DeadlineError at that time. Vendor SDKs do not always
 * settle (Twilio's connect hangs without a network; a Telnyx room join takes
 * 30 s to fail), so every such step gets one. A step honours the signal by
 * releasing what it made; a value it still delivers after the deadline goes to
 * `onLate`, so it is released rather than leaked.
 */
export function withDeadline<T>(
  ms: number,
  what: string,
  step: (signal: AbortSignal) => Promise<T>,
  { parent, onLate }: { parent?: AbortSignal; onLate?: (value: T) => void } = {},
): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
      controller.abort(error);
      reject(error);
    };
    const onParentAbort = () => finish(parent?.reason ?? new Error(`${what} was abandoned`));
    const timer = setTimeout(() => finish(new DeadlineError(what, ms)), ms);
    if (parent?.aborted) onParentAbort();
    else parent?.addEventListener('abort', onParentAbort);
    step(controller.signal).then(
      (value) => {
        if (settled) {
          onLate?.(value);
          return;
        }
        settled = true;
        clearTimeout(timer);
        parent?.removeEventListener('abort', onParentAbort);
        resolve(value);
      },
      (error: unknown) => finish(error),
    );
  });
}
