import { createCallScope, ScopeClosedError } from './callScope';

describe('call scope', () => {
  it('releases newest first, once, and keeps going when a release throws', () => {
    const order: string[] = [];
    const onError = vi.fn();
    const scope = createCallScope(onError);
    scope.defer(() => order.push('camera'));
    scope.defer(() => {
      throw new Error('peer close failed');
    });
    scope.defer(() => order.push('channel'));
    scope.release();
    scope.release();
    expect(order).toEqual(['channel', 'camera']);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(scope.closed).toBe(true);
  });

  it('a resource that arrives after the end is released at once', async () => {
    const scope = createCallScope(vi.fn());
    let deliver: (value: string) => void = () => undefined;
    const release = vi.fn();
    const adopted = scope.adopt(new Promise<string>((resolve) => (deliver = resolve)), release);
    scope.release();
    deliver('stream');
    await expect(adopted).rejects.toBeInstanceOf(ScopeClosedError);
    expect(release).toHaveBeenCalledWith('stream');
  });

  it('an adopted resource is released with the scope; a deferral after the end runs at once', async () => {
    const scope = createCallScope(vi.fn());
    const release = vi.fn();
    await scope.adopt(Promise.resolve('leg'), release);
    scope.release();
    expect(release).toHaveBeenCalledWith('leg');
    const late = vi.fn();
    scope.defer(late);
    expect(late).toHaveBeenCalled();
  });

  it('a child ends with its parent, or before it alone; timers end with their scope', async () => {
    vi.useFakeTimers();
    const parent = createCallScope(vi.fn());
    const child = parent.child();
    const inChild = vi.fn();
    child.defer(inChild);
    const fired = vi.fn();
    void child.after(1000, 'x').then(fired);
    child.release();
    await vi.advanceTimersByTimeAsync(2000);
    expect(inChild).toHaveBeenCalledTimes(1);
    expect(fired).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    parent.release();
    expect(inChild).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
