import { DeadlineError, withDeadline } from './withDeadline';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withDeadline', () => {
  it('settles with the step when it is in time', async () => {
    await expect(withDeadline(1000, 'Step', async () => 'done')).resolves.toBe('done');
    await expect(withDeadline(1000, 'Step', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
  });

  it('rejects at the deadline, aborts the step, and hands a late value to onLate', async () => {
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
    const outcome = expect(result).rejects.toEqual(new DeadlineError('Voice call', 1000));
    await vi.advanceTimersByTimeAsync(999);
    expect(seen!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(seen!.aborted).toBe(true);
    finish('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(onLate).toHaveBeenCalledWith('late');
  });

  it('a parent that aborts ends the step at once', async () => {
    const parent = new AbortController();
    let seen: AbortSignal | null = null;
    const result = withDeadline(10000, 'Join', (signal) => {
      seen = signal;
      return new Promise(() => undefined);
    }, { parent: parent.signal });
    parent.abort(new Error('call ended'));
    await expect(result).rejects.toThrow('call ended');
    expect(seen!.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
