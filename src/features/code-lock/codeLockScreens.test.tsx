import { act, fireEvent, screen } from '@testing-library/react';
import { withApiServer } from '../../testing/apiServer';
import { withFakeTimers } from '../../testing/fakeTimers';
import { rawProperty } from '../../testing/fixtures';
import { renderKiosk } from '../../testing/renderKiosk';
import { codeEntered } from '../gate/gateActions';
import type { PanelModel } from '../session/models';

withApiServer();
withFakeTimers();

const location = () => screen.getByTestId('location').textContent;
const type = (keys: string) => [...keys].forEach((key) => fireEvent.keyDown(window, { key }));
/** The countdown the visitor sees: not home's, kept hidden (aria-hidden) under code entry. */
const countdown = () => screen.getAllByText(/^Try again in /).filter((shown) => !shown.closest('[aria-hidden="true"]'))[0]?.textContent;

/** Renders `route`, then has 5 wrong codes typed (as the issue of record words the lock: 5 within 60 s lock for 30 s). */
function lockedAt(route: string, model: PanelModel = 'GEN2', property = rawProperty()) {
  const view = renderKiosk({ route, model, property });
  act(() => {
    for (let i = 0; i < 5; i += 1) view.store.dispatch(codeEntered({ code: '99999', source: 'keypad' }));
  });
  return view;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('screens while code entry is locked', () => {
  it('code entry says why and counts down; digits do nothing until the lock ends', async () => {
    const { services } = lockedAt('/enter-code');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong codes');
    expect(countdown()).toBe('Try again in 30 seconds');
    type('10001');
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(location()).toBe('/enter-code');

    await advance(1_000);
    expect(countdown()).toBe('Try again in 29 seconds');
    await advance(28_000);
    expect(countdown()).toBe('Try again in 1 second');
    await advance(1_000);
    expect(screen.queryByText('Too many wrong codes')).toBeNull();
    type('10001');
    expect(services.hardware.openGate).toHaveBeenCalledWith('10001');
  });

  it("TOUCH: the keypad's keys are disabled", () => {
    lockedAt('/enter-code', 'TOUCH');
    expect(screen.getByRole('button', { name: '1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '◀ CANCEL' })).toBeEnabled();
  });

  it('home shows the countdown; a digit opens code entry, which says why, without keeping the digit', async () => {
    lockedAt('/');
    expect(countdown()).toBe('Try again in 30 seconds');
    // The directory and calls are not locked.
    expect(screen.getByRole('link', { name: /Call a resident/ })).toBeInTheDocument();
    // The refusals share one notification, which holds the buttons; a visitor meets the lock once it is gone.
    await advance(5_000 + 100);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(countdown()).toBe('Try again in 25 seconds');
    type('4');
    expect(location()).toBe('/enter-code');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong codes');
  });

  it('a long lock, as a reload finds it, counts down in whole hours, rounded up (lockWait.test.ts: every unit)', async () => {
    const lock = { since: 0, until: 2 * 3600_000 + 30_000, number: 1 };
    const clock = { elapsed: 0, wallAt: Date.now(), monoAt: Date.now() };
    renderKiosk({ route: '/enter-code', preloaded: { codeLock: { clock, refusedAt: [0], lockedAt: [0], lock, liftedMark: null } } });
    expect(countdown()).toBe('Try again in 3 hours');
    await advance(31_000);
    expect(countdown()).toBe('Try again in 2 hours');
  });

  it.each([
    ['/enter-code', 'ArrowDown', '/resident-directory'],
    ['/enter-code', 'Enter', '/call'],
    ['/scan-qr', 'ArrowUp', '/resident-directory'],
    ['/scan-qr', 'Enter', '/call'],
  ])('locked %s offers what still works: %s opens %s', (route, key, opened) => {
    lockedAt(route);
    expect(screen.getByText('Cards still open the gate. Or call someone to let you in:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Call a resident/ })).toHaveTextContent('▲ ▼Call a resident');
    expect(screen.getByRole('link', { name: /Call a manager/ })).toHaveTextContent('EnterCall a manager');
    fireEvent.keyDown(window, { key });
    expect(location()).toBe(opened);
  });

  it('TOUCH: the offers are links a tap follows', () => {
    lockedAt('/enter-code', 'TOUCH');
    fireEvent.click(screen.getByRole('link', { name: 'Call a resident' }));
    expect(location()).toBe('/resident-directory');
  });

  it('nothing to call (directory and manager off): only the card is offered, and the keys open nothing', () => {
    const property = rawProperty();
    lockedAt('/enter-code', 'GEN2', { ...property, device: { ...property.device, enable_resident_directory: false, enable_call_manager: false } });
    expect(screen.getByText('Cards still open the gate.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(location()).toBe('/enter-code');
  });
});
