import { afterFirstScreen, IDLE_TIMEOUT_MS } from './afterFirstScreen';

describe('afterFirstScreen', () => {
  it('waits for an idle moment, at most the idle timeout', async () => {
    let idle!: () => void;
    const requestIdleCallback = vi.fn((callback: () => void) => ((idle = callback), 1));
    const resolved = vi.fn();
    void afterFirstScreen({ requestIdleCallback } as unknown as Window).then(resolved);
    await Promise.resolve();
    expect(resolved).not.toHaveBeenCalled();
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
    idle();
    await vi.waitFor(() => expect(resolved).toHaveBeenCalled());
  });

  it('waits for the next task where requestIdleCallback is missing', async () => {
    const setTimeout = vi.fn((callback: () => void) => (callback(), 1));
    await afterFirstScreen({ setTimeout } as unknown as Window);
    expect(setTimeout).toHaveBeenCalledWith(expect.any(Function), 0);
  });
});
