import { act, fireEvent, screen } from '@testing-library/react';
import type { PanelModel } from '../../features/session/models';
import { withApiServer } from '../../testing/apiServer';
import { rawProperty } from '../../testing/fixtures';
import { renderKiosk } from '../../testing/renderKiosk';

withApiServer();

const location = () => screen.getByTestId('location').textContent;
const press = (key: string) => fireEvent.keyDown(window, { key });
const guidance = () => screen.queryByRole('heading', { name: 'How to use this panel' });
const steps = () => screen.getAllByRole('listitem').map((item) => item.textContent);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Time without input; the guidance's code (preloaded, as after the first screen) then shows a moment later. */
async function idle(ms: number) {
  await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
}

describe('guidance on home', () => {
  it.each<[PanelModel, string[]]>([
    [
      'GEN2',
      [
        '0-9Have a code? Press its 5 digits.',
        'EnterHave a QR code? Press Enter and hold it up to the camera.',
        '▲ ▼Visiting someone? Press ▲ or ▼ to find them and call.',
        'BackNeed help? Press Back to call the manager.',
      ],
    ],
    [
      'GEN3',
      [
        '0-9Have a code? Press its 5 digits.',
        '#Have a QR code? Press # and hold it up to the camera.',
        '▲ ▼Visiting someone? Press ▲ or ▼ to find them and call.',
        '*Need help? Press * to call the manager.',
      ],
    ],
    [
      'TOUCH',
      [
        'Have a code? Tap “Enter a numeric code”.',
        'Have a QR code? Tap “Scan a QR code”.',
        'Visiting someone? Tap “Call a resident”.',
        'Need help? Tap “Call a manager”.',
      ],
    ],
  ])('shows %s how to use the panel after 20 s without input, with its own labels', async (model, expected) => {
    renderKiosk({ model });
    await idle(19_900);
    expect(guidance()).toBeNull();
    await idle(200);
    expect(guidance()).toBeInTheDocument();
    expect(steps()).toEqual(expected);
  });

  it('explains only what the panel offers', async () => {
    const base = rawProperty();
    renderKiosk({ property: { ...base, device: { ...base.device, enable_qr_codes: false, enable_call_manager: false } } });
    await idle(20_000);
    expect(steps()).toEqual(['0-9Have a code? Press its 5 digits.', '▲ ▼Visiting someone? Press ▲ or ▼ to find them and call.']);
  });

  it('any input restarts the 20 s', async () => {
    renderKiosk();
    await idle(15_000);
    press('x');
    await idle(15_000);
    expect(guidance()).toBeNull();
    await idle(5_000);
    expect(guidance()).toBeInTheDocument();
  });

  it('goes back to home on any key; BACK only leaves the guidance', async () => {
    renderKiosk();
    await idle(20_000);
    press('Escape');
    expect(guidance()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Welcome to Maple Court!' })).toBeInTheDocument();
    expect(location()).toBe('/');
    await idle(20_000);
    press('x');
    expect(guidance()).toBeNull();
  });

  it('a button it explains does what it says at once', async () => {
    renderKiosk();
    await idle(20_000);
    press('ArrowDown');
    // The directory rendered ahead over home shows in the key press, React's directory in the task after that frame.
    await idle(100);
    expect(location()).toBe('/resident-directory');
  });

  it('goes back to home on a tap (TOUCH)', async () => {
    renderKiosk({ model: 'TOUCH' });
    await idle(20_000);
    fireEvent.click(screen.getByText('Touch the screen to start.'));
    expect(guidance()).toBeNull();
    expect(location()).toBe('/');
  });

  it('is not shown over a notification', async () => {
    const { store } = renderKiosk();
    const { notificationPushed } = await import('../../features/notifications/notificationsSlice');
    await idle(16_000);
    // Still showing when the 20 s are up (a notification lasts 5 s).
    act(() => void store.dispatch(notificationPushed({ status: 'ERROR', title: "Sorry, that code didn't work" })));
    await idle(4_500);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(guidance()).toBeNull();
  });

  it("keeps a code lock's countdown in sight, counting down, until the lock ends", async () => {
    const now = Date.now();
    const lock = { since: 0, until: 60_000, number: 1 };
    renderKiosk({ preloaded: { codeLock: { clock: { elapsed: 0, wallAt: now, monoAt: now }, refusedAt: [0], lockedAt: [0], lock, liftedMark: null } } });
    await idle(20_000);
    expect(guidance()).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong codes');
    expect(screen.getByText(/^Try again in /)).toHaveTextContent('Try again in 40 seconds');
    await idle(1_000);
    expect(screen.getByText(/^Try again in /)).toHaveTextContent('Try again in 39 seconds');
    await idle(39_000);
    expect(guidance()).toBeInTheDocument();
    expect(screen.queryByText('Too many wrong codes')).toBeNull();
  });
});
