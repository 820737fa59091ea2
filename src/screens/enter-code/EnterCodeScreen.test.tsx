import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { selectQueuedAccessRequests } from '../../features/access-queue/accessQueueSlice';
import { withApiServer } from '../../testing/apiServer';
import { renderKiosk } from '../../testing/renderKiosk';
import { tap } from '../../testing/tap';
import { codeSlots } from '../../components/slots';
import { initialDigits } from './codeEntry';

withApiServer();

const location = () => screen.getByTestId('location').textContent;
const slots = () => screen.getByRole('status', { name: 'Code entered' }).textContent;
const type = (keys: string) => [...keys].forEach((key) => fireEvent.keyDown(window, { key }));

describe('code entry helpers', () => {
  it('shows * for entered digits and - for empty slots', () => {
    expect(codeSlots('12', 5)).toEqual(['*', '*', '-', '-', '-']);
  });

  it('takes at most four digits from initialCode and ignores anything else', () => {
    expect(initialDigits('7')).toBe('7');
    expect(initialDigits('12345')).toBe('1234');
    expect(initialDigits('<b>9')).toBe('9');
    expect(initialDigits(null)).toBe('');
  });
});

describe('enter-code screen', () => {
  it('shows the title, five slots and the initial digit', () => {
    renderKiosk({ route: '/enter-code?initialCode=4' });
    expect(screen.getByRole('heading', { name: 'Enter a numeric code' })).toBeInTheDocument();
    expect(slots()).toBe('*----');
    expect(screen.getByRole('button', { name: 'Press Back to cancel' })).toBeInTheDocument();
  });

  it('a valid code opens the gate in its key press, which shows the fifth slot filled; Access Granted! follows after that frame, then home', async () => {
    const { services, store } = renderKiosk({ route: '/enter-code?initialCode=1' });
    services.afterPaint.hold();
    type('0001');
    expect(services.hardware.openGate).toHaveBeenCalledWith('10001');
    expect(slots()).toBe('*****');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // A digit in that moment is not the start of another code.
    type('2');
    expect(slots()).toBe('*****');

    act(() => services.afterPaint.paint());
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Access Granted!You can now enter');
    expect([services.sound.play.mock.calls, selectQueuedAccessRequests(store.getState())]).toEqual([[], []]);
    // Code entry stays under the outcome until the frame after it: the entry resets as the screen leaves.
    expect(location()).toBe('/enter-code?initialCode=1');

    act(() => services.afterPaint.paint());
    expect(services.sound.play).toHaveBeenCalledWith('gateOpen');
    expect(selectQueuedAccessRequests(store.getState())).toMatchObject([{ user_code: '10001', access_granted: true }]);
    await waitFor(() => expect(location()).toBe('/'));
    expect(services.hardware.openGate).toHaveBeenCalledTimes(1);
  });

  it('an invalid code is refused with the sorry sound, queued as denied, and goes home', async () => {
    const { services, store } = renderKiosk({ route: '/enter-code' });
    type('12');
    expect(slots()).toBe('**---');
    type('345');
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toHaveTextContent("Sorry, that code didn't work");
    expect(services.sound.play).toHaveBeenCalledWith('sorryCode');
    expect(selectQueuedAccessRequests(store.getState())).toMatchObject([{ user_code: '12345', access_granted: false }]);
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('BACK and the cancel text both go home', async () => {
    renderKiosk({ route: '/enter-code' });
    type('*');
    await waitFor(() => expect(location()).toBe('/'));
    renderKiosk({ route: '/enter-code' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Press Back to cancel' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('location')[1]?.textContent).toBe('/'));
  });

  it('ignores keys that are not digits or BACK', () => {
    renderKiosk({ route: '/enter-code' });
    type('a');
    fireEvent.keyDown(window, { key: 'Enter' });
    fireEvent.keyDown(window, { key: '5', metaKey: true });
    expect(slots()).toBe('-----');
    expect(location()).toBe('/enter-code');
  });

  it('TOUCH has an on-screen keypad and a ◀ CANCEL button', () => {
    const { services } = renderKiosk({ route: '/enter-code', model: 'TOUCH' });
    expect(screen.getByRole('button', { name: '◀ CANCEL' })).toBeInTheDocument();
    for (const digit of '20001') fireEvent.click(screen.getByRole('button', { name: digit }));
    expect(services.hardware.openGate).toHaveBeenCalledWith('20001');
  });

  it('goes home after 60 s without input; any input restarts the wait', () => {
    vi.useFakeTimers();
    try {
      renderKiosk({ route: '/enter-code' });
      act(() => void vi.advanceTimersByTime(59000));
      type('1');
      act(() => void vi.advanceTimersByTime(59999));
      expect(location()).toBe('/enter-code');
      act(() => void vi.advanceTimersByTime(1));
      expect(location()).toBe('/');
    } finally {
      vi.useRealTimers();
    }
  });

  it('TOUCH: each tap on the keypad restarts the 60000 ms wait', () => {
    vi.useFakeTimers();
    try {
      renderKiosk({ route: '/enter-code', model: 'TOUCH' });
      for (const digit of '123') {
        act(() => void vi.advanceTimersByTime(50000));
        tap(screen.getByRole('button', { name: digit }));
      }
      expect(slots()).toBe('***--');
      act(() => void vi.advanceTimersByTime(59999));
      expect(location()).toBe('/enter-code');
      act(() => void vi.advanceTimersByTime(1));
      expect(location()).toBe('/');
    } finally {
      vi.useRealTimers();
    }
  });
});
