import { act, render, screen } from '@testing-library/react';
import { CRASH_RECOVERY_MS, ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary', () => {
  it('shows a calm message instead of a blank screen, reports the error and restarts', () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = vi.fn();
    const onRecover = vi.fn();
    render(
      <ErrorBoundary onError={onError} onRecover={onRecover}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }), expect.anything());
    act(() => void vi.advanceTimersByTime(CRASH_RECOVERY_MS));
    expect(onRecover).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
