import { act, screen } from '@testing-library/react';
import { withApiServer } from '../../testing/apiServer';
import { rawProperty } from '../../testing/fixtures';
import { renderKiosk } from '../../testing/renderKiosk';
import { notificationPushed } from '../notifications/notificationsSlice';
import { parsePropertyResponse } from '../property/parsePropertyResponse';
import { deviceSettings } from './deviceSettings';

withApiServer();

const withDevice = (device: Record<string, unknown>) => {
  const base = rawProperty();
  return { ...base, device: { ...base.device, ...device } };
};

describe('panel language and spoken prompts', () => {
  it('shows Spanish when the device record says so', async () => {
    const { store } = renderKiosk({ property: withDevice({ language: 'es' }), model: 'GEN2' });
    // The Spanish strings are a chunk of their own: they arrive a moment later.
    expect(await screen.findByRole('heading', { name: '¡Bienvenido a Maple Court!' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ingrese un código numérico/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Llamar al administrador/ })).toBeInTheDocument();
    // A notification keeps its English in the store and is shown in Spanish (docs/rules.md#r2-9-1).
    act(() => void store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'Access Granted!', body: 'You can now enter' })));
    expect(screen.getByRole('alertdialog', { name: '¡Acceso concedido!' })).toHaveTextContent('¡Acceso concedido!Ya puede entrar');
  });

  it('uses the build default when the device names no language, or one the kiosk does not have', () => {
    const defaults = { language: 'es', spokenPrompts: true, offlineGuestCodeHours: 168 } as const;
    const device = (extra: Record<string, unknown>) => parsePropertyResponse(withDevice(extra)).data.device;
    expect(deviceSettings(device({}), defaults)).toEqual(defaults);
    expect(deviceSettings(device({ language: 'fr', spoken_prompts: 'maybe', offline_guest_code_hours: -1 }), defaults)).toEqual(defaults);
    expect(deviceSettings(device({ offline_guest_code_hours: 'soon' }), defaults)).toEqual(defaults);
    expect(deviceSettings(device({ language: 'EN', spoken_prompts: 0, offline_guest_code_hours: 24 }), defaults)).toEqual({
      language: 'en',
      spokenPrompts: false,
      offlineGuestCodeHours: 24,
    });
    // Hours as digits in a string, and 0 (no limit), as back ends send them.
    expect(deviceSettings(device({ offline_guest_code_hours: ' 48 ' }), defaults).offlineGuestCodeHours).toBe(48);
    expect(deviceSettings(device({ offline_guest_code_hours: 0 }), defaults).offlineGuestCodeHours).toBe(0);
    expect(deviceSettings(null, defaults)).toEqual(defaults);
  });

  it('keeps a device record with a bad setting: the rest of it is used', () => {
    const parsed = parsePropertyResponse(withDevice({ language: ['es'], spoken_prompts: { on: true } }));
    expect(parsed.problems).toEqual([]);
    expect(parsed.data.device).toMatchObject({ id: 7, language: null, spoken_prompts: null, enable_qr_codes: true });
  });

  it('shows English by default', () => {
    renderKiosk();
    expect(screen.getByRole('heading', { name: 'Welcome to Maple Court!' })).toBeInTheDocument();
  });
});
