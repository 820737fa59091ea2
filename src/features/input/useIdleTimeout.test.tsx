import { fireEvent, renderHook } from '@testing-library/react';
import { withFakeTimers } from '../../testing/fakeTimers';
import { useIdleTimeout } from './useIdleTimeout';

withFakeTimers();

function idle() {
  const onIdle = vi.fn();
  const hook = renderHook(() => useIdleTimeout(onIdle));
  return { onIdle, hook };
}

describe('useIdleTimeout', () => {
  it('calls back after 60000 ms without input, once', () => {
    const { onIdle } = idle();
    vi.advanceTimersByTime(59999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  // A panel key, a tap (pointer events, as Chromium sends for a finger), a touch on a browser without
  // pointer events, and a scroll wheel: each is a visitor still there (docs/rules.md#r2-4-6: any input resets).
  it.each([
    ['a key press', () => fireEvent.keyDown(window, { key: '1' })],
    ['a tap', () => fireEvent.pointerDown(document.body, { pointerType: 'touch' })],
    ['a touch', () => fireEvent.touchStart(document.body)],
    ['a scroll', () => fireEvent.wheel(document.body)],
  ])('%s restarts the 60000 ms wait', (_what, input) => {
    const { onIdle } = idle();
    vi.advanceTimersByTime(50000);
    input();
    vi.advanceTimersByTime(59999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('after calling back, input starts a new 60000 ms wait', () => {
    const { onIdle } = idle();
    vi.advanceTimersByTime(60000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    fireEvent.keyDown(window, { key: '1' });
    vi.advanceTimersByTime(59999);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(2);
  });

  it('input stopped from reaching its target still counts (listened to on the way down)', () => {
    const { onIdle } = idle();
    const button = document.body.appendChild(document.createElement('button'));
    button.addEventListener('pointerdown', (event) => event.stopPropagation());
    vi.advanceTimersByTime(50000);
    fireEvent.pointerDown(button);
    vi.advanceTimersByTime(50000);
    expect(onIdle).not.toHaveBeenCalled();
    button.remove();
  });

  it('stops its timer and its listeners when the screen goes', () => {
    const { onIdle, hook } = idle();
    const removed = vi.spyOn(window, 'removeEventListener');
    hook.unmount();
    expect(vi.getTimerCount()).toBe(0);
    // Its own four, and the panel-button source's (keys, gamepads), which stops with its last subscriber.
    expect(removed.mock.calls.map(([name]) => name)).toEqual(expect.arrayContaining(['keydown', 'pointerdown', 'touchstart', 'wheel']));
    fireEvent.keyDown(window, { key: '1' });
    vi.advanceTimersByTime(120000);
    expect(onIdle).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('calls the latest callback it was given', () => {
    const first = vi.fn();
    const second = vi.fn();
    const hook = renderHook(({ onIdle }) => useIdleTimeout(onIdle), { initialProps: { onIdle: first } });
    hook.rerender({ onIdle: second });
    vi.advanceTimersByTime(60000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
