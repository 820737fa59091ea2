import { http, HttpResponse } from 'msw';
import { appStarted } from '../../store/actions';
import { apiServer, API_URL, requestsTo, withApiServer } from '../../testing/apiServer';
import { CHANNEL, MANAGER, callStore, untilCreated } from '../../testing/callHarness';
import { FAKE_SNAPSHOT } from '../../testing/fakeCall';
import { withFakeTimers } from '../../testing/fakeTimers';
import { rawProperty } from '../../testing/fixtures';
import { CameraError } from '../../services/camera/camera';
import { selectRecentCallCount } from '../recent-calls/recentCallsSlice';

withApiServer();
withFakeTimers();

const HOUR = 3600000;
const logMessages = () => requestsTo('telephone-entry/logs').map((r) => (r.body as { message: string }).message);
const recentCalls = (count: number, key = '11') => ({ recentCalls: { expiries: { [key]: Array.from({ length: count }, () => Date.now() + HOUR) } } });

describe('starting a call', () => {
  it('rings, counts the call, opens camera and microphone, and after 2 s creates the call with a snapshot', async () => {
    const kiosk = callStore();
    kiosk.request();
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.sounds()).toEqual(['ring']);
    expect(selectRecentCallCount(kiosk.store.getState(), '11')).toBe(1);
    expect(kiosk.fake.media.open).toHaveBeenCalledTimes(1);
    expect(kiosk.fake.streams.get().local).toBe(kiosk.fake.opened[0]);
    expect(kiosk.call()).toMatchObject({ phase: 'initiating', connected: false });

    await vi.advanceTimersByTimeAsync(1900);
    expect(requestsTo('telephone-entry/calls')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(150);
    expect(kiosk.fake.media.capture).toHaveBeenCalledWith(kiosk.fake.opened[0]);
    expect(requestsTo('telephone-entry/calls').map((r) => [r.authorization, r.body])).toEqual([
      ['Bearer test-token', { resident_id: 11, image_data: FAKE_SNAPSHOT, telnyx_enabled: false }],
    ]);
    expect(kiosk.call()).toMatchObject({ phase: 'ready', serverCallId: 'call-1', route: 'peer' });
  });

  it('calls the manager with resident_id null and the flag as it is', async () => {
    const kiosk = callStore({ telnyx: true });
    kiosk.request(MANAGER);
    await untilCreated();
    expect(requestsTo('telephone-entry/calls')[0]?.body).toEqual({ resident_id: null, image_data: FAKE_SNAPSHOT, telnyx_enabled: true });
  });

  it("SPACE's test call has no phone number (rules R5.4.2): the phone leg is given none to dial", async () => {
    const kiosk = callStore({ property: rawProperty({ device: { ...rawProperty().device, enable_video_calls: false } }) });
    kiosk.request({ kind: 'test' });
    await untilCreated();
    expect(requestsTo('telephone-entry/calls')[0]?.body).toMatchObject({ resident_id: 'test' });
    expect(kiosk.fake.legs.voice[0]?.input.params.To).toBe('');
  });

  it('the development window counts a call down after 10 s', async () => {
    const kiosk = callStore();
    kiosk.fake.settings.recentCallWindowMs = 10000;
    kiosk.store.dispatch(appStarted());
    kiosk.request();
    await vi.advanceTimersByTimeAsync(100);
    expect(selectRecentCallCount(kiosk.store.getState(), '11')).toBe(1);
    await vi.advanceTimersByTimeAsync(10000);
    expect(selectRecentCallCount(kiosk.store.getState(), '11')).toBe(0);
  });
});

describe('the recent-call limit', () => {
  it("more than 10 recent calls: refused with the throttle error, before ringing or the camera", async () => {
    const kiosk = callStore({ preloaded: recentCalls(11) });
    kiosk.request();
    await vi.advanceTimersByTimeAsync(3000);
    expect(kiosk.notifications()).toEqual([{ title: "You're doing that too much", body: undefined, status: 'ERROR' }]);
    expect(kiosk.sounds()).toEqual(['throttle']);
    expect(kiosk.fake.media.open).not.toHaveBeenCalled();
    expect(requestsTo('telephone-entry/calls')).toHaveLength(0);
    expect(selectRecentCallCount(kiosk.store.getState(), '11')).toBe(11);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'throttled' });
  });

  it('exactly 10 recent calls is not more than 10: the call goes ahead and counts', async () => {
    const kiosk = callStore({ preloaded: recentCalls(10) });
    kiosk.request();
    await untilCreated();
    expect(requestsTo('telephone-entry/calls')).toHaveLength(1);
    expect(selectRecentCallCount(kiosk.store.getState(), '11')).toBe(11);
  });

  it('counts the manager separately', async () => {
    const kiosk = callStore({ preloaded: recentCalls(11) });
    kiosk.request(MANAGER);
    await untilCreated();
    expect(requestsTo('telephone-entry/calls')).toHaveLength(1);
    expect(selectRecentCallCount(kiosk.store.getState(), 'manager')).toBe(1);
  });
});

describe('ways a call ends before it is answered', () => {
  it.each([
    ['refused', new CameraError('refused', 'Permission denied')],
    ['missing', new CameraError('missing', 'Requested device not found')],
  ])('a %s camera escapes the screen: logged, nothing created, nothing shown', async (_name, error) => {
    const kiosk = callStore();
    kiosk.fake.media.open.mockRejectedValueOnce(error);
    kiosk.request();
    await vi.advanceTimersByTimeAsync(3000);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'no-media' });
    expect(requestsTo('telephone-entry/calls')).toHaveLength(0);
    expect(kiosk.notifications()).toEqual([]);
    expect(kiosk.services.sound.stop).toHaveBeenCalledWith('ring');
    expect(logMessages()).toContain('Call failed (no-media)');
  });

  it('a camera that arrives after the visitor left is stopped at once', async () => {
    const kiosk = callStore();
    let deliver: (stream: MediaStream) => void = () => undefined;
    kiosk.fake.media.open.mockImplementationOnce(() => new Promise((resolve) => (deliver = resolve)));
    kiosk.request();
    await vi.advanceTimersByTimeAsync(0);
    kiosk.cancel();
    await vi.advanceTimersByTimeAsync(0);
    const { fakeStream } = await import('../../testing/fakeCall');
    const late = fakeStream();
    deliver(late);
    await vi.advanceTimersByTimeAsync(3000);
    expect(late.getTracks().map((track) => track.readyState)).toEqual(['ended', 'ended']);
    expect(kiosk.fake.streams.get().local).toBeNull();
    expect(requestsTo('telephone-entry/calls')).toHaveLength(0);
  });

  it('cancel during the warm-up: no call is created, the camera stops, nothing is said, nothing is sent', async () => {
    const kiosk = callStore();
    kiosk.request();
    await vi.advanceTimersByTimeAsync(1000);
    kiosk.cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(requestsTo('telephone-entry/calls')).toHaveLength(0);
    expect(kiosk.released()).toBe(true);
    expect(kiosk.notifications()).toEqual([]);
    expect(kiosk.sent('client-hangup')).toEqual([]);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'cancelled' });
  });

  it.each([
    ['a 500', () => HttpResponse.json({ error: 'boom' }, { status: 500 })],
    ['an answer without an id', () => HttpResponse.json({ token: {} })],
  ])('the back end answering %s to the call: An Error Occurred, and everything is released', async (_name, answer) => {
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/calls`, answer));
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    expect(kiosk.notifications()).toEqual([{ title: 'An Error Occurred', body: 'Please try again', status: 'ERROR' }]);
    expect(kiosk.sounds()).toEqual(['ring', 'sorryError']);
    expect(kiosk.released()).toBe(true);
    expect(kiosk.sent('client-hangup')).toEqual([]);
  });

  it('a snapshot that cannot be taken: An Error Occurred', async () => {
    const kiosk = callStore();
    kiosk.fake.media.capture.mockRejectedValueOnce(new Error('The camera gave no picture'));
    kiosk.request();
    await untilCreated();
    expect(kiosk.notifications()[0]?.title).toBe('An Error Occurred');
    expect(kiosk.released()).toBe(true);
  });

  it('an unknown resident ends at once and is logged', async () => {
    const kiosk = callStore();
    kiosk.request({ kind: 'resident', residentId: '999' });
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'unknown-target' });
    expect(kiosk.fake.media.open).not.toHaveBeenCalled();
    expect(logMessages()).toContain('Call to an unknown resident, or to a manager without a phone');
  });
});

describe('every way out releases the call and tells the far end', () => {
  async function answeredCall() {
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    return kiosk;
  }

  it('cancel after the call exists: client-hangup with call_id and the device id, no notification', async () => {
    const kiosk = await answeredCall();
    kiosk.cancel();
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.sent('client-hangup')).toEqual([{ call_id: 'call-1', from: 7 }]);
    expect(kiosk.fake.legs.peers[0]?.close).toHaveBeenCalled();
    expect(kiosk.released()).toBe(true);
    expect(kiosk.services.realtime.subscriptions.has(CHANNEL)).toBe(false);
    expect(kiosk.notifications()).toEqual([]);
  });

  it('the page going away (a reload) ends the call the same way', async () => {
    const kiosk = await answeredCall();
    kiosk.services.page.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.sent('client-hangup')).toEqual([{ call_id: 'call-1', from: 7 }]);
    expect(kiosk.call().endReason).toBe('cancelled');
  });

  it('disposing the store ends the call', async () => {
    const kiosk = await answeredCall();
    kiosk.store.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.released()).toBe(true);
    expect(kiosk.sent('client-hangup')).toHaveLength(1);
    expect(kiosk.services.page.onLeave.mock.results.length).toBe(1);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'cancelled' });
  });

  it("the hard timeout ends an unanswered call at 300000 ms: '{name} did not answer', with the no-answer voice", async () => {
    const kiosk = await answeredCall();
    await vi.advanceTimersByTimeAsync(300000 - 2100);
    expect(kiosk.call().phase).toBe('ready');
    // The video fallback went to the voice client at 30 s; nobody answers there either.
    await vi.advanceTimersByTimeAsync(100);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'timeout' });
    expect(kiosk.notifications()).toEqual([{ title: 'Aaron Abbott did not answer', body: undefined, status: 'ERROR' }]);
    expect(kiosk.sounds().at(-1)).toBe('sorryNoAnswer');
    expect(kiosk.fake.legs.voice[0]?.handle.hangUp).toHaveBeenCalled();
    expect(kiosk.released()).toBe(true);
  });

  it("a delivery nobody answered: no notification and no sound, the call ended as not answered (the screen offers a message)", async () => {
    const kiosk = callStore();
    kiosk.request(undefined, 'c1', true);
    await untilCreated();
    expect(requestsTo('telephone-entry/calls')[0]?.body).toEqual({ resident_id: 11, image_data: FAKE_SNAPSHOT, telnyx_enabled: false, reason: 'delivery' });
    await vi.advanceTimersByTimeAsync(300000);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'timeout', answered: false, delivery: true, serverCallId: 'call-1' });
    expect(kiosk.notifications()).toEqual([]);
    expect(kiosk.sounds()).toEqual(['ring']);
    expect(kiosk.released()).toBe(true);
  });

  it('a delivery answered and then left waiting: not granted, as any call', async () => {
    const kiosk = callStore();
    kiosk.request(undefined, 'c1', true);
    await untilCreated();
    kiosk.emit('sip-message', { data: { room: 'call-1', connected: true } });
    await vi.advanceTimersByTimeAsync(300000);
    expect(kiosk.notifications()).toEqual([{ title: "Sorry, you weren't granted access", body: undefined, status: 'ERROR' }]);
  });

  it('answered, then nobody opens in 300000 ms: not granted, with the refusal voice (someone did answer)', async () => {
    const kiosk = await answeredCall();
    kiosk.emit('sip-message', { data: { room: 'call-1', connected: true } });
    await vi.advanceTimersByTimeAsync(300000);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'timeout' });
    expect(kiosk.notifications()).toEqual([{ title: "Sorry, you weren't granted access", body: undefined, status: 'ERROR' }]);
    expect(kiosk.sounds()).toEqual(['ring', 'sorryNoAccess']);
  });

  it('the older call ending late (its screen leaving) does not end the newer one', async () => {
    const kiosk = await answeredCall();
    kiosk.request(MANAGER, 'c2');
    await vi.advanceTimersByTimeAsync(0);
    kiosk.cancel('c1');
    await untilCreated();
    expect(kiosk.call()).toMatchObject({ callId: 'c2', phase: 'ready' });
    expect(requestsTo('telephone-entry/calls').map((r) => (r.body as { resident_id: unknown }).resident_id)).toEqual([11, null]);
  });

  it('a newer call ends the older one, whose late events are dropped', async () => {
    const kiosk = await answeredCall();
    kiosk.request(MANAGER, 'c2');
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.sent('client-hangup')).toEqual([{ call_id: 'call-1', from: 7 }]);
    expect(kiosk.fake.opened[0]?.getTracks().every((t) => t.readyState === 'ended')).toBe(true);
    expect(kiosk.call()).toMatchObject({ callId: 'c2', phase: 'initiating' });
    kiosk.emit('client-deny', { call_id: 'call-1', open_gate: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
    expect(kiosk.call().callId).toBe('c2');
  });
});

describe('video that cannot start', () => {
  it('is released and logged, and the phone is called at once', async () => {
    const kiosk = callStore({ telnyx: true });
    const { fakeStream } = await import('../../testing/fakeCall');
    kiosk.fake.clients.room.join = vi.fn(async (_input, events) => {
      events.onRemoteStream(fakeStream());
      throw new Error('join failed');
    });
    kiosk.request();
    await untilCreated();
    expect(kiosk.call().route).toBe('sip');
    expect(kiosk.fake.legs.sip).toHaveLength(1);
    expect(kiosk.fake.streams.get().remote).toBeNull();
    expect(logMessages()).toEqual(['Video could not start: calling by phone']);
  });
});

describe('completion', () => {
  it("approval by the resident opens the gate with the resident's code and queues a granted request", async () => {
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    kiosk.emit('client-deny', { call_id: 'call-1', open_gate: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('10001');
    expect(kiosk.store.getState().accessQueue.items).toEqual([expect.objectContaining({ user_code: '10001', access_granted: true })]);
    expect(kiosk.notifications()).toEqual([{ title: 'Access Granted!', body: 'You can now enter', status: 'SUCCESS' }]);
    expect(kiosk.sounds()).toEqual(['ring', 'gateOpen']);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'approved' });
    expect(kiosk.released()).toBe(true);
    expect(kiosk.sent('client-hangup')).toEqual([{ call_id: 'call-1', from: 7 }]);
  });

  it("approval by the manager opens with the first staff member's code (staff carry no id in the back end's shape)", async () => {
    const staff = [{ property_access_code: null, property_credentials: [] }, { property_access_code: { code: '20002' }, property_credentials: [] }];
    const kiosk = callStore({ property: rawProperty({ property_staff: staff }) });
    kiosk.request(MANAGER);
    await untilCreated();
    kiosk.emit('sip-message', { data: { room: 'call-1', open: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('20002');
    expect(kiosk.store.getState().accessQueue.items).toEqual([expect.objectContaining({ user_code: '20002', access_granted: true })]);
  });

  it('approval for someone without a code: logged, the gate error shown, no request queued', async () => {
    const resident = { ...rawProperty().residents[0]!, property_access_code: null, property_credentials: [] };
    const kiosk = callStore({ property: rawProperty({ residents: [resident] }) });
    kiosk.request();
    await untilCreated();
    kiosk.emit('client-deny', { call_id: 'call-1', open_gate: true });
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
    expect(kiosk.notifications()).toEqual([{ title: 'User who opened gate does not have access code', body: undefined, status: 'ERROR' }]);
    expect(kiosk.store.getState().accessQueue.items).toEqual([]);
    expect(logMessages()).toContain('The approving resident or manager has no access code');
  });

  it("a deny: Sorry, you weren't granted access, with its voice", async () => {
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    kiosk.emit('client-deny', { call_id: 'call-1', open_gate: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.notifications()).toEqual([{ title: "Sorry, you weren't granted access", body: undefined, status: 'ERROR' }]);
    expect(kiosk.sounds()).toEqual(['ring', 'sorryNoAccess']);
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
    expect(kiosk.store.getState().accessQueue.items).toEqual([]);
    expect(kiosk.released()).toBe(true);
  });

  it('signals for another call, and signals before the call exists, are ignored', async () => {
    const kiosk = callStore();
    kiosk.request();
    await vi.advanceTimersByTimeAsync(100);
    kiosk.emit('client-deny', { call_id: 'call-1', open_gate: true });
    await untilCreated();
    kiosk.emit('client-deny', { call_id: 'call-9', open_gate: true });
    kiosk.emit('sip-message', { data: { room: 'call-9', open: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.call().phase).toBe('ready');
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
  });

  it('sip-message connected shows the call as connected and stops the ring', async () => {
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    kiosk.emit('sip-message', { data: { room: 'call-1', connected: true } });
    expect(kiosk.call().connected).toBe(true);
    expect(kiosk.services.sound.stop).toHaveBeenCalledWith('ring');
  });
});
