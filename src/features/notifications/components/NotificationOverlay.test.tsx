import { act, screen } from '@testing-library/react';
import { withApiServer } from '../../../testing/apiServer';
import { renderKiosk } from '../../../testing/renderKiosk';
import { notificationPushed } from '../notificationsSlice';

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
});
