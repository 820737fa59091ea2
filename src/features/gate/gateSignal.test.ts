import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/rootReducer';
import { withApiServer } from '../../testing/apiServer';
import { LONG_CARD } from '../../testing/fixtures';
import { startedStore } from '../../testing/renderKiosk';
import { selectQueuedAccessRequests } from '../access-queue/accessQueueSlice';
import { selectCurrentNotification } from '../notifications/notificationsSlice';
import { codeEntered, codeJudged, hardwareCodeRead, hardwareReadRefused } from './gateActions';
import { createGateSignalMiddleware } from './gateSignal';

withApiServer();

/** The gate signal middleware alone, on a started kiosk's state: every action that reaches the reducers, in order. */
function judging(kiosk = startedStore()) {
  const seen: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: kiosk.store.getState(),
    middleware: (getDefault) => getDefault().prepend(createGateSignalMiddleware(kiosk.services), record),
  });
  return { store, seen, services: kiosk.services };
}

describe("the gate's verdict", () => {
  it.each([
    ['a valid typed code', codeEntered({ code: '10001', source: 'keypad' }), { code: '10001', from: 'keypad', verdict: 'granted' }],
    ['an unknown scanned code', codeEntered({ code: '99999', source: 'qr' }), { code: '99999', from: 'qr', verdict: 'refused' }],
    ['a valid card read', hardwareCodeRead(LONG_CARD), { code: LONG_CARD, from: 'reader', verdict: 'granted' }],
    ['a read longer than 64 characters', hardwareCodeRead('1'.repeat(70)), { code: `${'1'.repeat(64)}…`, from: 'reader', verdict: 'refused' }],
    ['a read that is not a code', hardwareReadRefused('12a4'), { code: '12a4', from: 'reader', verdict: 'refused' }],
  ] as const)('of %s takes its place as a plain action: the code, where it came from, the verdict', (_name, action, payload) => {
    const { store, seen } = judging();
    store.dispatch(action);
    // The store sees the code once, as its verdict.
    expect(seen).toEqual([codeJudged(payload)]);
    // Plain data: what a log, the devtools or a test would see of it is all of it.
    expect(JSON.parse(JSON.stringify(seen[0]))).toEqual(seen[0]);
  });

  it('of a code typed while entry is locked is locked, and sends no signal', () => {
    const kiosk = startedStore();
    for (let i = 0; i < 5; i += 1) kiosk.store.dispatch(codeEntered({ code: '99999', source: 'keypad' }));
    const { store, seen, services } = judging(kiosk);
    services.hardware.openGate.mockClear();
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    expect(seen).toEqual([codeJudged({ code: '10001', from: 'keypad', verdict: 'locked' })]);
    expect(services.hardware.openGate).not.toHaveBeenCalled();
  });

  it("is what the gate's listeners act on", () => {
    const { store, services } = startedStore();
    store.dispatch(codeJudged({ code: '99999', from: 'keypad', verdict: 'refused' }));
    expect(services.sound.play).toHaveBeenCalledWith('sorryCode');
    expect(selectCurrentNotification(store.getState())).toMatchObject({ status: 'ERROR', title: "Sorry, that code didn't work" });
    expect(selectQueuedAccessRequests(store.getState()).map((r) => [r.user_code, r.access_granted])).toEqual([['99999', false]]);
    expect(store.getState().codeLock.refusedAt).toHaveLength(1);
  });
});
