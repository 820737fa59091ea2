import { appStarted } from '../store/actions';
import { makeStore } from './store';
import { createTestServices } from '../testing/fakeServices';
import { withApiServer } from '../testing/apiServer';
import { withFakeTimers } from '../testing/fakeTimers';
import { storeWithProperty } from '../testing/renderKiosk';
import { codeEntered } from '../features/gate/gateActions';
import { gateOpeningEnded, gateOpeningStarted } from '../features/gate/gateSlice';
import { notificationPushed, selectCurrentNotification } from '../features/notifications/notificationsSlice';
import { LATER_LISTENERS } from './laterListeners';

withApiServer();

withFakeTimers();

function started(services = createTestServices()) {
  const store = makeStore(services, undefined, LATER_LISTENERS);
  onTestFinished(() => store.dispose());
  return { store, services };
}

describe('the reload after a notification', () => {
  it('only drops the notification when the build turns the reload off (the memory benchmark)', async () => {
    const { store, services } = started({ ...createTestServices(), reloadAfterNotification: false });
    store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'Access Granted!' }));
    await vi.advanceTimersByTimeAsync(5100);
    expect(selectCurrentNotification(store.getState())).toBeNull();
    expect(services.page.reload).not.toHaveBeenCalled();
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

  it('a visitor let in by a panel slow to confirm (7 s, reconnecting): Access Granted! goes at 5 s, the reload waits for the gate', async () => {
    const services = createTestServices();
    services.hardware.gate.takesMs = 7000;
    const store = storeWithProperty(services);
    onTestFinished(() => store.dispose());
    store.dispatch(appStarted());
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    expect(selectCurrentNotification(store.getState())?.title).toBe('Access Granted!');
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectCurrentNotification(store.getState())).toBeNull();
    await vi.advanceTimersByTimeAsync(1999);
    expect(services.page.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(services.page.reload).toHaveBeenCalledTimes(1);
  });

  it('a gate that fails after the granted notification went: its error shows for 5 s, then the reload', async () => {
    const services = createTestServices();
    Object.assign(services.hardware.gate, { takesMs: 6000, failure: new Error('Hardware socket unreachable: gate not opened') });
    const store = storeWithProperty(services);
    onTestFinished(() => store.dispose());
    store.dispatch(appStarted());
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    await vi.advanceTimersByTimeAsync(6000);
    expect(selectCurrentNotification(store.getState())).toMatchObject({ status: 'ERROR', title: 'The gate could not be opened' });
    expect(services.page.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectCurrentNotification(store.getState())).toBeNull();
    expect(services.page.reload).toHaveBeenCalledTimes(1);
  });

  it('a gate opening that never ends holds the reload 10 s at most', async () => {
    const { store, services } = started();
    store.dispatch(gateOpeningStarted());
    store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'Access Granted!' }));
    await vi.advanceTimersByTimeAsync(5000 + 9999);
    expect(services.page.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
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
