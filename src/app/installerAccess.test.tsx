import { act, fireEvent, screen, within } from '@testing-library/react';
import { accessRequestQueued } from '../features/access-queue/accessQueueSlice';
import { faultRaised } from '../features/diagnostics/diagnosticsSlice';
import { codeEntered } from '../features/gate/gateActions';
import { requestsTo } from '../testing/apiServer';
import { withApiServer } from '../testing/apiServer';
import { createTestServices } from '../testing/fakeServices';
import { withFakeTimers } from '../testing/fakeTimers';
import { renderKiosk } from '../testing/renderKiosk';

withApiServer();

const location = () => screen.getByTestId('location').textContent;
const press = (key: string) => fireEvent.keyDown(window, { key });
const installer = () => screen.queryByRole('heading', { name: 'Installer information' });
const SEQUENCE = ['ArrowUp', 'ArrowDown', 'ArrowUp', 'ArrowDown', 'ArrowUp', 'ArrowDown'];

withFakeTimers();

function pressAll(keys: string[], gapMs = 300) {
  for (const key of keys) {
    press(key);
    act(() => void vi.advanceTimersByTime(gapMs));
  }
}

describe('installer screen', () => {
  it('opens with UP DOWN UP DOWN UP DOWN within 3 s on home, over the directory the first UP opened', async () => {
    renderKiosk();
    press('ArrowUp');
    expect(location()).toBe('/resident-directory');
    pressAll(SEQUENCE.slice(1));
    expect(installer()).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('shows the version, model, connectivity, last load, queue, socket and faults, and no code or token', async () => {
    const { store } = renderKiosk({ model: 'GEN3' });
    act(() => {
      store.dispatch(accessRequestQueued({ user_code: '10001', access_granted: true, created_at: new Date().toISOString() }));
      store.dispatch(faultRaised({ kind: 'camera', detail: 'QR scan: refused, Permission denied', at: Date.now() }));
    });
    pressAll(SEQUENCE);
    const text = document.body.textContent ?? '';
    for (const label of ['Version', 'Panel model', 'Connectivity', 'Last property load', 'Access requests waiting', 'Hardware socket']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('GEN3')).toBeInTheDocument();
    expect(screen.getByText(/^1, the oldest since /)).toBeInTheDocument();
    const faults = screen.getByRole('list');
    expect(within(faults).getByText('Camera could not be opened')).toBeInTheDocument();
    expect(within(faults).getByRole('listitem')).toHaveTextContent(/Camera could not be opened since .* \(QR scan: refused, Permission denied\), not reported yet/);
    expect(text).not.toMatch(/10001|test-token/);
    expect(screen.getByText('Press * to leave. This screen closes by itself after 60 s.')).toBeInTheDocument();
  });

  it('shows the code lock and lifts it with GO: codes open the gate again, and the back end is told', async () => {
    const { store, services } = renderKiosk({ model: 'GEN2' });
    act(() => {
      for (let i = 0; i < 5; i += 1) store.dispatch(codeEntered({ code: '99999', source: 'keypad' }));
    });
    // The refusals' notification holds the buttons; then the installer opens over home.
    act(() => void vi.advanceTimersByTime(5_100));
    pressAll(SEQUENCE);
    const codeLock = () => screen.getByText('Code lock').nextElementSibling;
    expect(codeLock()).toHaveTextContent('locked for 1 min more, 5 refused codes (Enter: lift)');
    press('Enter');
    expect(codeLock()).toHaveTextContent('no refused codes counted');
    act(() => store.dispatch(codeEntered({ code: '10001', source: 'keypad' })));
    expect(services.hardware.openGate).toHaveBeenCalledWith('10001');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(requestsTo('telephone-entry/logs').map((r) => r.body)).toContainEqual(
      expect.objectContaining({ message: 'Code entry lock lifted', meta: expect.objectContaining({ by: 'installer', wasLocked: true }) }),
    );
  });

  it("shows how long guests' codes open the gate offline, and when they no longer do", () => {
    renderKiosk();
    const guests = () => screen.getByText("Guests' codes offline").nextElementSibling;
    pressAll(SEQUENCE);
    expect(guests()).toHaveTextContent('up to 168 h after a good load (now 0 h)');
    press('Escape');
    // 169 hours without a good load: the panel no longer lets guests in, and says so.
    act(() => void vi.setSystemTime(Date.now() + 169 * 3_600_000));
    pressAll(SEQUENCE);
    expect(guests()).toHaveTextContent('refused: last good load 169 h ago (limit 168 h)');
  });

  it.each([
    [null, 'available'],
    ['no-service-worker', 'not available: this browser has no service workers, so the kiosk runs online only'],
    ['insecure-context', 'not available: the page is not a secure context (https, or http on localhost), so the kiosk runs online only'],
  ] as const)('says whether the kiosk can start offline (%s)', (missing, shown) => {
    const services = createTestServices();
    services.capabilities.offlineStartMissing = missing;
    renderKiosk({ services });
    pressAll(SEQUENCE);
    expect(screen.getByText('Offline start').nextElementSibling).toHaveTextContent(shown);
  });

  it('does not open when the presses take longer than 3 s, start away from home, or are broken by another', () => {
    renderKiosk();
    pressAll(SEQUENCE, 700);
    expect(installer()).toBeNull();
    pressAll(['Escape', 'ArrowDown', 'ArrowUp', 'ArrowDown', 'ArrowUp', 'ArrowDown', 'ArrowUp', 'ArrowDown']);
    expect(installer()).toBeNull();
    press('Escape');
    pressAll(['ArrowUp', 'ArrowDown', 'ArrowUp', '5', 'ArrowDown', 'ArrowUp', 'ArrowDown']);
    expect(installer()).toBeNull();
  });

  it('leaves on BACK, to home', () => {
    renderKiosk();
    pressAll(SEQUENCE);
    press('ArrowDown');
    expect(installer()).toBeInTheDocument();
    press('Escape');
    expect(installer()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Welcome to Maple Court!' })).toBeInTheDocument();
    // BACK left the installer screen only: no call to the manager.
    expect(location()).toBe('/');
  });

  it('leaves after 60 s without input', () => {
    renderKiosk();
    pressAll(SEQUENCE);
    act(() => void vi.advanceTimersByTime(59_000));
    expect(installer()).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1_500));
    expect(installer()).toBeNull();
  });
});
