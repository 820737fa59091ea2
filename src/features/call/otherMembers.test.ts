import { http, HttpResponse } from 'msw';
import { API_URL, apiServer, requestsTo, serverCall, withApiServer } from '../../testing/apiServer';
import { callStore, untilCreated } from '../../testing/callHarness';
import { withFakeTimers } from '../../testing/fakeTimers';

withApiServer();
withFakeTimers();

// Every resident app and panel of the property may send client events on its channel (docs/security.md).
const resident = (sdp: string) => ({ call_id: 'call-1', from: 'app-11', sdp: { type: 'offer', sdp } });
const IGNORED = 'A channel event the call does not take was ignored';
const ignoredLines = () =>
  requestsTo('telephone-entry/logs')
    .map(({ body }) => body as { message: string; meta: { detail: unknown } })
    .filter(({ message }) => message === IGNORED)
    .map(({ meta }) => meta.detail);

async function answeredCall() {
  const kiosk = callStore();
  kiosk.request();
  await untilCreated();
  const peer = kiosk.fake.legs.peers[0]!;
  kiosk.emit('client-sdp', resident('v=0 resident'));
  await vi.advanceTimersByTimeAsync(0);
  return { kiosk, peer };
}

describe('other members of the channel during a video call', () => {
  it('a second offer is not answered, whoever sends it, and is logged once', async () => {
    const { kiosk, peer } = await answeredCall();
    kiosk.emit('client-sdp', { call_id: 'call-1', from: 'app-99', sdp: { type: 'offer', sdp: 'v=0 intruder' } });
    kiosk.emit('client-sdp', { call_id: 'call-1', sdp: { type: 'offer', sdp: 'v=0 nameless' } });
    kiosk.emit('client-sdp', resident('v=0 resident again'));
    await vi.advanceTimersByTimeAsync(10);
    expect(peer.answer.mock.calls).toEqual([[{ type: 'offer', sdp: 'v=0 resident' }]]);
    expect(kiosk.sent('client-sdp')).toHaveLength(1);
    expect(ignoredLines()).toEqual([{ event: 'client-sdp', from: 'app-99' }]);
  });

  it("candidates from anyone but the answerer are not added, before or after the offer", async () => {
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    const peer = kiosk.fake.legs.peers[0]!;
    kiosk.emit('client-candidate', { call_id: 'call-1', from: 'app-99', candidate: { candidate: 'candidate:intruder-early' } });
    kiosk.emit('client-candidate', { call_id: 'call-1', from: 'app-11', candidate: { candidate: 'candidate:resident-early' } });
    kiosk.emit('client-sdp', resident('v=0 resident'));
    kiosk.emit('client-candidate', { call_id: 'call-1', from: 'app-99', candidate: { candidate: 'candidate:intruder' } });
    kiosk.emit('client-candidate', { call_id: 'call-1', candidate: { candidate: 'candidate:nameless' } });
    kiosk.emit('client-candidate', { call_id: 'call-1', from: 'app-11', candidate: { candidate: 'candidate:resident' } });
    await vi.advanceTimersByTimeAsync(10);
    expect(peer.addCandidate.mock.calls).toEqual([[{ candidate: 'candidate:resident-early' }], [{ candidate: 'candidate:resident' }]]);
    expect(ignoredLines()).toEqual([{ event: 'client-candidate', from: 'app-99' }]);
  });

  it("a client-deny naming another sender than the answerer opens nothing and ends nothing, logged once", async () => {
    const { kiosk } = await answeredCall();
    kiosk.emit('client-deny', { call_id: 'call-1', from: 'app-99', open_gate: true });
    kiosk.emit('client-deny', { call_id: 'call-1', from: 'app-99', open_gate: false });
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
    expect(kiosk.call()).toMatchObject({ phase: 'ready', endReason: null });
    expect(ignoredLines()).toEqual([{ event: 'client-deny', from: 'app-99' }]);

    kiosk.emit('client-deny', { call_id: 'call-1', from: 'app-11', open_gate: true });
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('10001');
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'approved' });
  });

  // The decision shapes apps send (SPEC's client-deny is `call_id, open_gate`): each decides the call.
  const shapes = [
    { name: 'no from anywhere', offerFrom: undefined, denyFrom: undefined },
    { name: 'from on every message', offerFrom: 'app-11', denyFrom: 'app-11' },
    { name: 'from on the offer and candidates, not on the decision', offerFrom: 'app-11', denyFrom: undefined },
    { name: 'from on the decision only', offerFrom: undefined, denyFrom: 'app-11' },
  ];
  for (const { name, offerFrom, denyFrom } of shapes) {
    for (const openGate of [true, false]) {
      it(`${name}: the decision ${openGate ? 'opens the gate' : 'refuses'}`, async () => {
        const kiosk = callStore();
        kiosk.request();
        await untilCreated();
        const from = (sender: string | undefined) => (sender === undefined ? {} : { from: sender });
        kiosk.emit('client-sdp', { call_id: 'call-1', ...from(offerFrom), sdp: { type: 'offer', sdp: 'v=0 resident' } });
        kiosk.emit('client-candidate', { call_id: 'call-1', ...from(offerFrom), candidate: { candidate: 'candidate:resident' } });
        await vi.advanceTimersByTimeAsync(10);
        expect(kiosk.sent('client-sdp')).toHaveLength(1);
        expect(kiosk.fake.legs.peers[0]!.addCandidate.mock.calls).toEqual([[{ candidate: 'candidate:resident' }]]);
        kiosk.emit('client-deny', { call_id: 'call-1', ...from(denyFrom), open_gate: openGate });
        await vi.advanceTimersByTimeAsync(10);
        expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: openGate ? 'approved' : 'denied' });
        if (openGate) expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('10001');
        else expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
        expect(ignoredLines()).toEqual([]);
      });
    }
  }

  it('before anyone offers, a decision from any member counts (the protocol names no answerer yet)', async () => {
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    kiosk.emit('client-deny', { call_id: 'call-1', from: 'app-11', open_gate: false });
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'denied' });
  });

  it("the back end's own approval (sip-message) counts whoever answered the video", async () => {
    const { kiosk } = await answeredCall();
    kiosk.emit('sip-message', { data: { room: 'call-1', open: true } });
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('10001');
  });
});

describe('approvals outside the current call', () => {
  it('an approval with the id the back end will give, sent before it has, is not kept for later', async () => {
    const kiosk = callStore();
    kiosk.request();
    await vi.advanceTimersByTimeAsync(100);
    kiosk.emit('client-deny', { call_id: 'call-1', open_gate: true });
    await untilCreated();
    expect(kiosk.call()).toMatchObject({ phase: 'ready', serverCallId: 'call-1' });
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
  });

  it("an approval for an ended call opens nothing, and does not touch the next call", async () => {
    const kiosk = callStore();
    kiosk.request(undefined, 'c1');
    await untilCreated();
    kiosk.cancel('c1');
    await vi.advanceTimersByTimeAsync(10);
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/calls`, () => HttpResponse.json({ ...serverCall(), id: 'call-2' })));
    kiosk.request(undefined, 'c2');
    await untilCreated();
    expect(kiosk.call()).toMatchObject({ callId: 'c2', serverCallId: 'call-2', phase: 'ready' });
    kiosk.emit('client-deny', { call_id: 'call-1', open_gate: true });
    kiosk.emit('sip-message', { data: { room: 'call-1', open: true } });
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
    expect(kiosk.call()).toMatchObject({ callId: 'c2', phase: 'ready' });
  });
});
