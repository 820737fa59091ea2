import { withApiServer } from '../../testing/apiServer';
import { MANAGER, callStore, untilCreated } from '../../testing/callHarness';
import { withFakeTimers } from '../../testing/fakeTimers';
import { callStage, nextStep } from './callStage';

withApiServer();
withFakeTimers();

/** The stage and countdown a running call leaves in the store, read as the call screen reads them. */
const seen = (kiosk: ReturnType<typeof callStore>) => ({ stage: callStage(kiosk.call()), next: nextStep(kiosk.call(), Date.now()) });

describe('the stage a running call shows', () => {
  it("rings the app with 30 s to the phone, which comes when the countdown says 0; then the phone, counted to the 300 s limit; then 'did not answer'", async () => {
    const kiosk = callStore();
    const start = Date.now();
    kiosk.request();
    expect(seen(kiosk)).toEqual({ stage: 'placing', next: null });
    await untilCreated();
    expect(seen(kiosk)).toEqual({ stage: 'ringing-app', next: { step: 'phone', seconds: 30 } });

    const phoneAt = kiosk.call().nextStepAt!;
    await vi.advanceTimersByTimeAsync(phoneAt - Date.now() - 1);
    expect(seen(kiosk)).toEqual({ stage: 'ringing-app', next: { step: 'phone', seconds: 1 } });
    expect(kiosk.fake.legs.voice).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(kiosk.fake.legs.voice).toHaveLength(1);
    expect(kiosk.call().nextStepAt).toBe(start + 300000);
    expect(seen(kiosk)).toEqual({ stage: 'ringing-phone', next: { step: 'end', seconds: Math.ceil((start + 300000 - Date.now()) / 1000) } });

    await vi.advanceTimersByTimeAsync(start + 300000 - Date.now() - 1);
    expect(seen(kiosk)).toEqual({ stage: 'ringing-phone', next: { step: 'end', seconds: 1 } });
    await vi.advanceTimersByTimeAsync(1);
    expect(seen(kiosk)).toEqual({ stage: 'no-answer', next: null });
    expect(kiosk.notifications()).toEqual([{ title: 'Aaron Abbott did not answer', body: undefined, status: 'ERROR' }]);
    expect(kiosk.sounds()).toEqual(['ring', 'sorryNoAnswer']);
  });

  it('connected: no countdown', async () => {
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    kiosk.emit('sip-message', { data: { room: 'call-1', connected: true } });
    expect(seen(kiosk)).toEqual({ stage: 'connected', next: null });
  });

  it.each([
    ['after answering', true],
    ['before anyone answered', false],
  ])("a decline %s ends it declined: not granted, with the refusal voice, not 'did not answer'", async (_when, answer) => {
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    if (answer) kiosk.emit('sip-message', { data: { room: 'call-1', connected: true } });
    kiosk.emit('client-deny', { call_id: 'call-1', open_gate: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen(kiosk).stage).toBe('declined');
    expect(kiosk.notifications()).toEqual([{ title: "Sorry, you weren't granted access", body: undefined, status: 'ERROR' }]);
    expect(kiosk.sounds()).toEqual(['ring', 'sorryNoAccess']);
  });

  it('the manager and the hidden test resident, unanswered, have their own sentences', async () => {
    const manager = callStore();
    manager.request(MANAGER);
    await vi.advanceTimersByTimeAsync(300000);
    expect(manager.notifications()[0]?.title).toBe('The manager did not answer');
    manager.store.dispose();

    const test = callStore();
    test.request({ kind: 'test' }, 'c2');
    await vi.advanceTimersByTimeAsync(300000);
    expect(test.notifications()[0]?.title).toBe('The resident did not answer');
  });
});
