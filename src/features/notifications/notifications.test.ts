import { appStarted } from '../../store/actions';
import { makeStore } from '../../app/store';
import { createTestServices } from '../../testing/fakeServices';
import { withApiServer } from '../../testing/apiServer';
import { gateOpeningEnded, gateOpeningStarted } from '../gate/gateSlice';
import { notificationPushed, selectCurrentNotification } from './notificationsSlice';
import { withFakeTimers } from '../../testing/fakeTimers';
import { storeWithProperty } from '../../testing/renderKiosk';
import { codeEntered } from '../gate/gateActions';

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

  it('a notification stored without an id still expires after 5 s, then reloads', async () => {
    const services = createTestServices();
    // As an older kiosk or a hand-edited store left it: SPEC.md section 3 lists status, title and body only.
    const stored = { items: [{ status: 'ERROR', title: 'Stored without id' }, { status: 'INFO', title: 'Second' }] };
    const store = makeStore(services, { notifications: stored as never });
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
