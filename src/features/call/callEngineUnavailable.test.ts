import { requestsTo, withApiServer } from '../../testing/apiServer';
import { withFakeTimers } from '../../testing/fakeTimers';
import { startedStore } from '../../testing/renderKiosk';
import { selectCurrentNotification } from '../notifications/notificationsSlice';
import { callRequested } from './callEvents';

// The engine's chunk cannot be fetched (a panel offline with an old cache, a
// broken deploy): the call must still end, and the visitor be told.
vi.mock('./runCall', () => {
  throw new Error('Failed to fetch dynamically imported module: runCall.js');
});

withApiServer();
withFakeTimers();

describe('a call whose engine cannot be loaded', () => {
  it("ends at once with 'An Error Occurred' (rules R8.1.10), its sound, and a log line that names the call", async () => {
    const { store, services } = startedStore();
    store.dispatch(callRequested({ callId: 'c-7', target: { kind: 'manager' } }));
    await vi.waitFor(() => expect(selectCurrentNotification(store.getState())?.title).toBe('An Error Occurred'));
    expect(services.sound.play).toHaveBeenCalledWith('sorryError');
    expect(store.getState().call).toMatchObject({ phase: 'ended', callId: 'c-7', endReason: 'error' });
    await vi.waitFor(() =>
      expect(requestsTo('telephone-entry/logs').map((r) => r.body)).toContainEqual(
        expect.objectContaining({
          message: 'The call engine could not be loaded',
          meta: expect.objectContaining({ feature: 'call', callId: 'c-7' }),
        }),
      ),
    );
  });
});
