import { createListeners } from './listeners';

describe('listeners', () => {
  it('calls each subscribed listener at notify, and none once removed', () => {
    const listeners = createListeners();
    const first = vi.fn();
    const second = vi.fn();
    const removeFirst = listeners.subscribe(first);
    listeners.subscribe(second);
    listeners.notify();
    removeFirst();
    listeners.notify();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });
});
