import { act, screen, within } from '@testing-library/react';
import { withApiServer } from '../../../testing/apiServer';
import { rawProperty } from '../../../testing/fixtures';
import { renderKiosk } from '../../../testing/renderKiosk';
import { notificationPopped, notificationPushed } from '../notificationsSlice';

withApiServer();

describe('notification overlay', () => {
  it('covers the screen with the first notification: its title, and its body when it has one', () => {
    const { store } = renderKiosk();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => void store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'Access Granted!', body: 'You can now enter' })));
    act(() => void store.dispatch(notificationPushed({ status: 'ERROR', title: "Sorry, that code didn't work" })));
    const overlay = screen.getByRole('alertdialog', { name: 'Access Granted!' });
    expect(overlay).toHaveTextContent(/^Access Granted!You can now enter$/);
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });

  it('shows a notification without a body as its title alone', () => {
    const { store } = renderKiosk();
    act(() => void store.dispatch(notificationPushed({ status: 'ERROR', title: "Sorry, that code didn't work", body: '' })));
    const overlay = screen.getByRole('alertdialog', { name: "Sorry, that code didn't work" });
    expect(overlay.querySelectorAll('p')).toHaveLength(0);
    expect(overlay).toHaveTextContent(/^Sorry, that code didn't work$/);
  });

  it('a call nobody answered: its pictogram, named, above the words; a refusal has none', () => {
    const { store } = renderKiosk();
    act(() => void store.dispatch(notificationPushed({ status: 'ERROR', title: 'Aaron Abbott did not answer' })));
    const overlay = screen.getByRole('alertdialog', { name: 'Aaron Abbott did not answer' });
    expect(within(overlay).getByRole('img', { name: 'No answer' })).toBeInTheDocument();
    act(() => void store.dispatch(notificationPopped(store.getState().notifications.items[0]!.id)));
    act(() => void store.dispatch(notificationPushed({ status: 'ERROR', title: "Sorry, you weren't granted access" })));
    expect(within(screen.getByRole('alertdialog')).queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows 'did not answer' in Spanish with the name it was stored with, the manager's in a sentence of its own", async () => {
    const base = rawProperty();
    const device: Record<string, unknown> = { ...base.device, language: 'es' };
    const { store } = renderKiosk({ property: { ...base, device } as typeof base });
    await screen.findByRole('heading', { name: '¡Bienvenido a Maple Court!' }, { timeout: 5_000 });
    act(() => void store.dispatch(notificationPushed({ status: 'ERROR', title: 'Aaron Abbott did not answer' })));
    const overlay = screen.getByRole('alertdialog', { name: 'Aaron Abbott no contestó' });
    expect(within(overlay).getByRole('img', { name: 'Sin respuesta' })).toBeInTheDocument();
    act(() => void store.dispatch(notificationPopped(store.getState().notifications.items[0]!.id)));
    act(() => void store.dispatch(notificationPushed({ status: 'ERROR', title: 'The manager did not answer' })));
    expect(screen.getByRole('alertdialog', { name: 'El administrador no contestó' })).toBeInTheDocument();
  });
});
