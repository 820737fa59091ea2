import { withApiServer } from '../../testing/apiServer';
import { startedStore } from '../../testing/renderKiosk';
import { selectQueuedAccessRequests } from '../access-queue/accessQueueSlice';
import { selectCurrentNotification } from '../notifications/notificationsSlice';
import { codeEntered } from './gateActions';
import { selectGateOpeningsInFlight } from './gateSlice';

withApiServer();

/** A started kiosk whose work after a frame waits for `paint()`, as the fifth digit's key press leaves it. */
function beforeItsFrame() {
  const kiosk = startedStore();
  kiosk.services.afterPaint.hold();
  return kiosk;
}

const queued = (store: ReturnType<typeof startedStore>['store']) => selectQueuedAccessRequests(store.getState()).map((r) => [r.user_code, r.access_granted]);

describe("the fifth digit's key press signals the gate; its outcome is shown after that frame, the rest after the outcome's", () => {
  it('a granted code: wiegand in the press; Access Granted! after its frame; the access request, the chime and the opening followed after the next', () => {
    const { store, services } = beforeItsFrame();
    const order: string[] = [];
    services.hardware.openGate.mockImplementationOnce(async (code) => void order.push(`wiegand ${code}`));
    const unsubscribe = store.subscribe(() => order.push('subscribers told'));
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    unsubscribe();
    expect(order[0]).toBe('wiegand 10001');
    expect(selectCurrentNotification(store.getState())).toBeNull();

    services.afterPaint.paint();
    expect(selectCurrentNotification(store.getState())).toMatchObject({ status: 'SUCCESS', title: 'Access Granted!', body: 'You can now enter' });
    expect([queued(store), services.sound.play.mock.calls, services.speech.say.mock.calls.length]).toEqual([[], [], 0]);

    services.afterPaint.paint();
    expect(queued(store)).toEqual([['10001', true]]);
    expect(services.sound.play).toHaveBeenCalledWith('gateOpen');
    expect(services.speech.say).toHaveBeenCalledTimes(1);
    expect(selectGateOpeningsInFlight(store.getState())).toBe(1);
    expect(selectCurrentNotification(store.getState())?.title).toBe('Access Granted!');
  });

  it('the access request keeps the time its code came, not its frame', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 9), toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { store, services } = beforeItsFrame();
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    vi.setSystemTime(Date.UTC(2026, 10, 28, 9) + 100);
    services.afterPaint.paint();
    services.afterPaint.paint();
    expect(selectQueuedAccessRequests(store.getState())).toEqual([{ user_code: '10001', access_granted: true, created_at: '2026-11-28T09:00:00.000Z' }]);
  });

  it("a refused code: Sorry, that code didn't work shown after its frame; its access request, sound and guess after the next", () => {
    const { store, services } = beforeItsFrame();
    store.dispatch(codeEntered({ code: '99999', source: 'keypad' }));
    expect(selectCurrentNotification(store.getState())).toBeNull();

    services.afterPaint.paint();
    expect(selectCurrentNotification(store.getState())).toMatchObject({ status: 'ERROR', title: "Sorry, that code didn't work" });
    expect([queued(store), services.sound.play.mock.calls, store.getState().codeLock.refusedAt]).toEqual([[], [], []]);

    services.afterPaint.paint();
    expect(queued(store)).toEqual([['99999', false]]);
    expect(services.sound.play).toHaveBeenCalledWith('sorryCode');
    expect(store.getState().codeLock.refusedAt).toHaveLength(1);
  });

  it('guesses typed faster than frames all count: after five refused codes, before any frame, the sixth is locked and not signalled', () => {
    const { store, services } = beforeItsFrame();
    for (let i = 0; i < 5; i += 1) store.dispatch(codeEntered({ code: '99999', source: 'keypad' }));
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    expect(store.getState().codeLock.lock).not.toBeNull();
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    // Each code's record was queued before the next was judged; the locked one is not even checked.
    expect(queued(store)).toEqual(Array.from({ length: 5 }, () => ['99999', false]));
    expect(services.afterPaint.waiting()).toBe(0);
  });
});
