import { createAction } from '@reduxjs/toolkit';
import { requestsTo, withApiServer } from '../testing/apiServer';
import { createTestServices } from '../testing/fakeServices';
import { createAppListenerMiddleware } from './listenerMiddleware';

withApiServer();

describe('listener middleware', () => {
  it('sends an effect that throws to the back-end log, and keeps serving the other listeners', async () => {
    const services = createTestServices();
    const listeners = createAppListenerMiddleware(services);
    const poked = createAction('test/poked');
    const after = vi.fn();
    listeners.startListening({
      actionCreator: poked,
      effect: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'push')");
      },
    });
    listeners.startListening({ actionCreator: poked, effect: after });
    const dispatch = listeners.middleware({ dispatch: vi.fn(), getState: () => ({}) } as never)(() => undefined);
    dispatch(poked());
    await vi.waitFor(() => expect(requestsTo('telephone-entry/logs').some((r) => r.body !== null)).toBe(true));
    expect(requestsTo('telephone-entry/logs')[0]?.body).toMatchObject({
      message: 'A listener failed (effect)',
      meta: { name: 'TypeError', message: "Cannot read properties of undefined (reading 'push')" },
    });
    expect(after).toHaveBeenCalledTimes(1);
    listeners.clearListeners();
  });
});
