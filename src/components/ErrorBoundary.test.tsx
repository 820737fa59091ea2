import { act, render, screen } from '@testing-library/react';
import { CRASH_RECOVERY_MS, ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.useRealTimers());

  it('shows a calm message instead of a blank screen, reports the error and restarts after 10 s', () => {
    const onError = vi.fn();
    const onRecover = vi.fn();
    render(
      <ErrorBoundary onError={onError} onRecover={onRecover}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }), expect.anything());
    act(() => void vi.advanceTimersByTime(9999));
    expect(onRecover).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onRecover).toHaveBeenCalledTimes(1);
  });

  it('keeps trying to restart every 10 s until the page goes, then stops', () => {
    const onRecover = vi.fn();
    const view = render(
      <ErrorBoundary onError={vi.fn()} onRecover={onRecover}>
        <Broken />
      </ErrorBoundary>,
    );
    act(() => void vi.advanceTimersByTime(3 * 10000));
    expect(onRecover).toHaveBeenCalledTimes(3);
    view.unmount();
    act(() => void vi.advanceTimersByTime(60000));
    expect(onRecover).toHaveBeenCalledTimes(3);
    expect(CRASH_RECOVERY_MS).toBe(10000);
  });
});
