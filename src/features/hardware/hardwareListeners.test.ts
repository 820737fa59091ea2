import { makeStore } from '../../app/store';
import { appStarted } from '../../store/actions';
import { createTestServices } from '../../testing/fakeServices';
import { selectHardwareSocket } from './hardwareStatusSlice';
import { LATER_LISTENERS } from '../../app/laterListeners';

function startedStore() {
  const services = createTestServices();
  const store = makeStore(services, undefined, LATER_LISTENERS);
  onTestFinished(() => store.dispose());
  store.dispatch(appStarted());
  return { store, hardware: services.hardware };
}

describe('the hardware socket as the store hears of it', () => {
  it("stores each change of the socket's state, with the time it began", () => {
    const { store, hardware } = startedStore();
    expect(selectHardwareSocket(store.getState()).state).toBe('connected');
    hardware.status({ state: 'silent', method: 'wiegand' });
    expect(selectHardwareSocket(store.getState())).toMatchObject({ state: 'silent', method: 'wiegand' });
    hardware.status({ state: 'down' });
    expect(selectHardwareSocket(store.getState()).state).toBe('down');
    hardware.status({ state: 'connected' });
    expect(selectHardwareSocket(store.getState()).state).toBe('connected');
  });

  it('a reply while connected (each gate signal has one) is no news: nothing that listens to the store hears of it', () => {
    const { store, hardware } = startedStore();
    const heard = vi.fn();
    store.subscribe(heard);
    hardware.status({ state: 'connected' });
    hardware.status({ state: 'connected' });
    expect(heard).not.toHaveBeenCalled();
    hardware.status({ state: 'down' });
    expect(heard).toHaveBeenCalled();
  });
});
