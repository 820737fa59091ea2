import { appStarted } from '../../app/actions';
import { makeStore } from '../../app/store';
import { createTestServices } from '../../testing/fakeServices';
import { withApiServer } from '../../testing/apiServer';
import { gateOpeningEnded, gateOpeningStarted } from '../app-status/appStatusSlice';
import { notificationPushed, selectCurrentNotification } from './notificationsSlice';
import { withFakeTimers } from '../../testing/fakeTimers';

withApiServer();

withFakeTimers();

function started() {
  const services = createTestServices();
  const store = makeStore(services);
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

  it('only drops the notification when the build turns the reload off (the memory benchmark)', async () => {
    const services = { ...createTestServices(), reloadAfterNotification: false };
    const store = makeStore(services);
    onTestFinished(() => store.dispose());
    store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'Access Granted!' }));
    await vi.advanceTimersByTimeAsync(5100);
    expect(selectCurrentNotification(store.getState())).toBeNull();
    expect(services.page.reload).not.toHaveBeenCalled();
  });

  it('a notification left from before a reload expires after start', async () => {
    const { store, services } = started();
    store.dispatch(notificationPushed({ status: 'INFO', title: 'Left over' }));
    store.dispose();
    const again = makeStore(services, { notifications: store.getState().notifications });
    onTestFinished(() => again.dispose());
    again.dispatch(appStarted());
    await vi.advanceTimersByTimeAsync(5100);
    expect(selectCurrentNotification(again.getState())).toBeNull();
    expect(services.page.reload).toHaveBeenCalledTimes(1);
  });

  it('waits for a gate opening in flight before reloading', async () => {
    const { store, services } = started();
    store.dispatch(gateOpeningStarted());
    store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'Access Granted!' }));
    await vi.advanceTimersByTimeAsync(6000);
    expect(services.page.reload).not.toHaveBeenCalled();
    store.dispatch(gateOpeningEnded());
    await vi.advanceTimersByTimeAsync(10);
    expect(services.page.reload).toHaveBeenCalledTimes(1);
  });

  it('a notification shown while the reload waits for the gate reloads only when it expires itself', async () => {
    const { store, services } = started();
    store.dispatch(gateOpeningStarted());
    store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'Access Granted!' }));
    await vi.advanceTimersByTimeAsync(8000);
    store.dispatch(notificationPushed({ status: 'ERROR', title: 'The gate could not be opened' }));
    store.dispatch(gateOpeningEnded());
    await vi.advanceTimersByTimeAsync(4900);
    expect(selectCurrentNotification(store.getState())?.title).toBe('The gate could not be opened');
    expect(services.page.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(selectCurrentNotification(store.getState())).toBeNull();
    expect(services.page.reload).toHaveBeenCalledTimes(1);
  });
});
