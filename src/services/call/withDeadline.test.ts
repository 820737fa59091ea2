import { withDeadline } from './withDeadline';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withDeadline', () => {
  it('settles with the step when it is in time, and leaves no timer nor an aborted signal behind', async () => {
    let seen: AbortSignal | null = null;
    await expect(
      withDeadline(1000, 'Step', async (signal) => {
        seen = signal;
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(seen!.aborted).toBe(false);

    const failure = new Error('no');
    await expect(withDeadline(1000, 'Step', async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at the deadline with an error naming the step and the time, aborts the step, and hands a late value to onLate', async () => {
    let finish: (value: string) => void = () => undefined;
    let seen: AbortSignal | null = null;
    const onLate = vi.fn();
    const result = withDeadline(
      1000,
      'Voice call',
      (signal) => {
        seen = signal;
        return new Promise<string>((resolve) => (finish = resolve));
      },
      { onLate },
    );
    const outcome = expect(result).rejects.toMatchObject({ name: 'DeadlineError', message: 'Voice call did not finish within 1000 ms' });
    await vi.advanceTimersByTimeAsync(999);
    expect(seen!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(seen!.aborted).toBe(true);
    expect(seen!.reason).toMatchObject({ message: 'Voice call did not finish within 1000 ms' });
    expect(onLate).not.toHaveBeenCalled();
    finish('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(onLate).toHaveBeenCalledWith('late');
  });

  it('a late value without onLate is dropped quietly, and a late failure changes nothing', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      let finish: (value: string) => void = () => undefined;
      const dropped = withDeadline(1000, 'Join', () => new Promise<string>((resolve) => (finish = resolve)));
      const droppedOutcome = expect(dropped).rejects.toThrow('Join did not finish within 1000 ms');
      let fail: (error: Error) => void = () => undefined;
      const failed = withDeadline(1000, 'Login', () => new Promise<string>((_resolve, reject) => (fail = reject)));
      const failedOutcome = expect(failed).rejects.toThrow('Login did not finish within 1000 ms');
      await vi.advanceTimersByTimeAsync(1000);
      await droppedOutcome;
      await failedOutcome;
      finish('late');
      fail(new Error('late failure'));
      await vi.advanceTimersByTimeAsync(0);
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
