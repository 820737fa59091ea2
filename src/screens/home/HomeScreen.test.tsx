import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { appStarted } from '../../store/actions';
import { onlineChanged } from '../../features/connectivity/connectivitySlice';
import { propertyLoadStarted } from '../../features/property/propertyLoadSlice';
import { notificationPushed } from '../../features/notifications/notificationsSlice';
import type { PanelModel } from '../../features/session/models';
import { withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { rawProperty } from '../../testing/fixtures';
import { renderKiosk } from '../../testing/renderKiosk';

withApiServer();

const location = () => screen.getByTestId('location').textContent;
const press = (key: string) => fireEvent.keyDown(window, { key });

function withDevice(device: Record<string, boolean>, property: Record<string, unknown> = {}) {
  const base = rawProperty();
  return { ...base, device: { ...base.device, ...device }, property: { ...base.property, ...property } };
}

describe('home screen', () => {
  it("welcomes visitors with the property's name and shows every enabled link", () => {
    renderKiosk();
    expect(screen.getByRole('heading', { name: 'Welcome to Maple Court!' })).toBeInTheDocument();
    for (const name of ['Enter a numeric code', 'Scan a QR code', 'Call a resident', 'Call a manager']) {
      expect(screen.getByRole('link', { name: new RegExp(name) })).toBeInTheDocument();
    }
  });

  it.each([
    ['enable_numeric_codes', 'Enter a numeric code'],
    ['enable_qr_codes', 'Scan a QR code'],
    ['enable_resident_directory', 'Call a resident'],
    ['enable_call_manager', 'Call a manager'],
  ])('hides the link when %s is off', (flag, name) => {
    renderKiosk({ property: withDevice({ [flag]: false }) });
    expect(screen.queryByRole('link', { name: new RegExp(name) })).not.toBeInTheDocument();
  });

  it('an engine without a camera API hides the QR link, and GO does not open the scanner', () => {
    const services = createTestServices();
    services.capabilities.camera = false;
    renderKiosk({ services });
    expect(screen.queryByRole('link', { name: /Scan a QR code/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Enter a numeric code/ })).toBeInTheDocument();
    press('Enter');
    expect(location()).toBe('/');
  });

  describe('deliveries (docs/rules.md#r2-3-9)', () => {
    const navLinks = () => screen.getAllByRole('link').filter((link) => link.closest('nav'));
    it.each(['GEN2', 'TOUCH'] as const)('%s: without enable_deliveries, no Delivery link, and DOWN opens the directory', (model) => {
      renderKiosk({ model });
      expect(screen.queryByRole('link', { name: /Delivery/ })).not.toBeInTheDocument();
      press('ArrowDown');
      expect(location()).toBe('/resident-directory');
    });

    it('GEN2 with it: the Delivery link last with ▼, the directory with ▲ alone; DOWN opens the delivery directory, UP the directory', () => {
      renderKiosk({ model: 'GEN2', property: withDevice({ enable_deliveries: true }) });
      expect(navLinks().map((link) => link.textContent)).toEqual(['0-9Enter a numeric code', 'EnterScan a QR code', '▲Call a resident', 'BackCall a manager', '▼Delivery']);
      press('ArrowDown');
      expect(location()).toBe('/resident-directory?reason=delivery');
    });

    it('TOUCH with it: the Delivery link, no hint, to the delivery directory', () => {
      renderKiosk({ model: 'TOUCH', property: withDevice({ enable_deliveries: true }) });
      fireEvent.click(screen.getByRole('link', { name: 'Delivery' }));
      expect(location()).toBe('/resident-directory?reason=delivery');
    });

    it('offline: no Delivery link, and DOWN opens nothing', () => {
      const { store } = renderKiosk({ model: 'GEN2', property: withDevice({ enable_deliveries: true }) });
      act(() => void store.dispatch(onlineChanged(false)));
      expect(screen.queryByRole('link', { name: /Delivery/ })).not.toBeInTheDocument();
      press('ArrowDown');
      expect(location()).toBe('/');
    });
  });

  it('hides call manager when the property has no phone', () => {
    renderKiosk({ property: withDevice({}, { phone: null }) });
    expect(screen.queryByRole('link', { name: /Call a manager/ })).not.toBeInTheDocument();
  });

  it('hides the online-only links while offline and shows them again online', () => {
    const { store } = renderKiosk();
    act(() => void store.dispatch(onlineChanged(false)));
    expect(screen.queryByRole('link', { name: /Call a resident/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Call a manager/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Enter a numeric code/ })).toBeInTheDocument();
    act(() => void store.dispatch(onlineChanged(true)));
    expect(screen.getByRole('link', { name: /Call a resident/ })).toBeInTheDocument();
  });

  it("shows the version, with ' ...' while property data loads", () => {
    const { store } = renderKiosk();
    expect(screen.getByText(/^v\d+\.\d+\.\d+$/)).toBeInTheDocument();
    act(() => void store.dispatch(propertyLoadStarted()));
    expect(screen.getByText(/^v\d+\.\d+\.\d+ \.\.\.$/)).toBeInTheDocument();
  });

  it('reloads when the logo is tapped', () => {
    const { services } = renderKiosk();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(services.page.reload).toHaveBeenCalledTimes(1);
  });

  it.each<[PanelModel, string, string]>([
    ['DEFAULT', 'GO', 'BACK'],
    ['GEN1', 'Enter', 'Esc'],
    ['GEN2', 'Enter', 'Back'],
    ['GEN3', '#', '*'],
  ])('labels the buttons of %s', (model, go, back) => {
    renderKiosk({ model });
    expect(screen.getByRole('link', { name: new RegExp(`Scan a QR code`) })).toHaveTextContent(`${go}Scan a QR code`);
    expect(screen.getByRole('link', { name: /Call a manager/ })).toHaveTextContent(`${back}Call a manager`);
  });

  it('shows no button hints on TOUCH', () => {
    renderKiosk({ model: 'TOUCH' });
    expect(screen.getByRole('link', { name: /Scan a QR code/ })).toHaveTextContent(/^Scan a QR code$/);
  });

  it.each([
    ['ArrowUp', '/resident-directory'],
    ['PageDown', '/resident-directory'],
    ['Enter', '/scan-qr'],
    ['#', '/scan-qr'],
    ['Escape', '/call'],
    ['*', '/call'],
    ['7', '/enter-code?initialCode=7'],
    [' ', '/call?resident=test'],
  ])('the %s key opens %s', (key, path) => {
    renderKiosk();
    press(key);
    expect(location()).toBe(path);
  });

  it('ignores keys for disabled features, unknown keys and modified presses', () => {
    renderKiosk({ property: withDevice({ enable_numeric_codes: false, enable_qr_codes: false }) });
    press('7');
    press('Enter');
    press('x');
    press('F5');
    fireEvent.keyDown(window, { key: 'ArrowUp', ctrlKey: true });
    expect(location()).toBe('/');
  });

  it.each([
    ['ArrowUp', 'the directory', withDevice({ enable_resident_directory: false })],
    ['ArrowDown', 'the directory', withDevice({ enable_resident_directory: false })],
    ['Escape', 'the manager call', withDevice({ enable_call_manager: false })],
    ['Escape', 'the manager call on a property without a phone', withDevice({}, { phone: null })],
    ['Escape', 'the manager call on a property with an empty phone', withDevice({}, { phone: '' })],
    ['Enter', 'the QR scan', withDevice({ enable_qr_codes: false })],
    ['5', 'the code entry', withDevice({ enable_numeric_codes: false })],
  ])('%s does not open %s when it is not offered', (key, _what, property) => {
    renderKiosk({ property });
    press(key);
    expect(location()).toBe('/');
  });

  it('UP, DOWN and BACK open nothing while offline', () => {
    const { store } = renderKiosk();
    act(() => void store.dispatch(onlineChanged(false)));
    for (const key of ['ArrowUp', 'ArrowDown', 'Escape', ' ']) press(key);
    expect(location()).toBe('/');
  });

  it('a notification stored without an id goes after 5 s and the buttons work again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const stored = { items: [{ status: 'ERROR', title: 'Left from an older kiosk' }] };
      const { store } = renderKiosk({ preloaded: { notifications: stored as never } });
      act(() => void store.dispatch(appStarted()));
      expect(screen.getByRole('alertdialog', { name: 'Left from an older kiosk' })).toBeInTheDocument();
      press('Enter');
      expect(location()).toBe('/');
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      press('Enter');
      expect(location()).toBe('/scan-qr');
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores the buttons while a notification shows', () => {
    const { store } = renderKiosk();
    act(() => void store.dispatch(notificationPushed({ status: 'ERROR', title: 'Nope' })));
    press('Enter');
    expect(location()).toBe('/');
  });

  it('sends unknown routes home', () => {
    renderKiosk({ route: '/admin?x=<script>' });
    expect(location()).toBe('/');
  });
});
