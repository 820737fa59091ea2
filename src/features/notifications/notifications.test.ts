import { appStarted } from '../../store/actions';
import { makeStore } from '../../app/store';
import { createTestServices } from '../../testing/fakeServices';
import { withApiServer } from '../../testing/apiServer';
import { notificationPushed, selectCurrentNotification } from './notificationsSlice';
import { withFakeTimers } from '../../testing/fakeTimers';
import { LATER_LISTENERS } from '../../app/laterListeners';

withApiServer();

withFakeTimers();

function started() {
  const services = createTestServices();
  const store = makeStore(services, undefined, LATER_LISTENERS);
  onTestFinished(() => store.dispose());
  return { store, services };
}

describe('notifications', () => {
  it('drops the notification after 5 s and reloads the page', async () => {
    const { store, services } = started();
    store.dispatch(notificationPushed({ status: 'ERROR', title: 'Oops' }));
    await vi.advanceTimersByTimeAsync(4900);
    expect(selectCurrentNotification(store.getState())?.title).toBe('Oops');
    expect(services.page.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(selectCurrentNotification(store.getState())).toBeNull();
    expect(services.page.reload).toHaveBeenCalledTimes(1);
  });

  it('a notification left from before a reload expires after start', async () => {
    const { store, services } = started();
    store.dispatch(notificationPushed({ status: 'INFO', title: 'Left over' }));
    store.dispose();
    const again = makeStore(services, { notifications: store.getState().notifications }, LATER_LISTENERS);
    onTestFinished(() => again.dispose());
    again.dispatch(appStarted());
    await vi.advanceTimersByTimeAsync(5100);
    expect(selectCurrentNotification(again.getState())).toBeNull();
    expect(services.page.reload).toHaveBeenCalledTimes(1);
  });

  it('a notification stored without an id still expires after 5 s, then reloads', async () => {
    const services = createTestServices();
    // As an older kiosk or a hand-edited store left it: docs/rules.md#r3-5-5 lists status, title and body only.
    const stored = { items: [{ status: 'ERROR', title: 'Stored without id' }, { status: 'INFO', title: 'Second' }] };
    const store = makeStore(services, { notifications: stored as never }, LATER_LISTENERS);
    onTestFinished(() => store.dispose());
    store.dispatch(appStarted());
    await vi.advanceTimersByTimeAsync(4999);
    expect(selectCurrentNotification(store.getState())?.title).toBe('Stored without id');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectCurrentNotification(store.getState())?.title).toBe('Second');
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectCurrentNotification(store.getState())).toBeNull();
    expect(services.page.reload).toHaveBeenCalledTimes(1);
  });

  it('each notification is shown for its own 5 s, in order, and the page reloads once, after the last', async () => {
    const { store, services } = started();
    store.dispatch(notificationPushed({ status: 'ERROR', title: 'First' }));
    await vi.advanceTimersByTimeAsync(3000);
    store.dispatch(notificationPushed({ status: 'INFO', title: 'Second' }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(selectCurrentNotification(store.getState())?.title).toBe('Second');
    await vi.advanceTimersByTimeAsync(4999);
    expect(selectCurrentNotification(store.getState())?.title).toBe('Second');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectCurrentNotification(store.getState())).toBeNull();
    expect(services.page.reload).toHaveBeenCalledTimes(1);
  });

  it('one like a notification already showing or queued joins it; at most 5 are queued, the one showing keeping its place', () => {
    const { store } = started();
    const titles = () => store.getState().notifications.items.map((item) => item.title);
    store.dispatch(notificationPushed({ status: 'ERROR', title: "Sorry, that code didn't work" }));
    store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'Access Granted!', body: 'Gate is opening' }));
    store.dispatch(notificationPushed({ status: 'ERROR', title: "Sorry, that code didn't work" }));
    store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'Access Granted!' }));
    expect(titles()).toEqual(["Sorry, that code didn't work", 'Access Granted!', 'Access Granted!']);
    for (let i = 1; i <= 5; i += 1) store.dispatch(notificationPushed({ status: 'INFO', title: `Notice ${i}` }));
    expect(titles()).toEqual(["Sorry, that code didn't work", 'Notice 2', 'Notice 3', 'Notice 4', 'Notice 5']);
  });
});
