import { requestsTo, API_URL, withApiServer } from '../../../testing/apiServer';
import { callStore, loggedLines, untilCreated } from '../../../testing/callHarness';
import { fakeStream } from '../../../testing/fakeCall';
import { withFakeTimers } from '../../../testing/fakeTimers';
import { rawProperty } from '../../../testing/fixtures';

withApiServer();
withFakeTimers();

const offer = { type: 'offer', sdp: 'v=0 resident-offer' };

async function videoCall() {
  const kiosk = callStore();
  kiosk.request();
  await untilCreated();
  const peer = kiosk.fake.legs.peers[0]!;
  return { kiosk, peer };
}

describe('video without the provider flag: a peer connection signalled on the channel', () => {
  it("opens a peer connection with the call's ICE servers and the visitor's camera and microphone", async () => {
    const { kiosk, peer } = await videoCall();
    expect(requestsTo('telephone-entry/calls')).toHaveLength(1);
    expect(peer.options.iceServers).toEqual([{ urls: 'stun:stun.test:3478' }]);
    expect(peer.options.localStream).toBe(kiosk.fake.opened[0]);
    expect(kiosk.call().route).toBe('peer');
  });

  it("answers the resident's offer with client-sdp, and passes candidates both ways with call_id and from", async () => {
    const { kiosk, peer } = await videoCall();
    kiosk.emit('client-candidate', { call_id: 'call-1', candidate: { candidate: 'candidate:early', sdpMid: '0' } });
    kiosk.emit('client-sdp', { call_id: 'call-1', sdp: offer });
    await vi.advanceTimersByTimeAsync(0);
    expect(peer.addCandidate).toHaveBeenCalledWith({ candidate: 'candidate:early', sdpMid: '0' });
    expect(peer.answer).toHaveBeenCalledWith(offer);
    expect(kiosk.sent('client-sdp')).toEqual([{ sdp: { type: 'answer', sdp: 'v=0 kiosk-answer' }, call_id: 'call-1', from: 7 }]);

    peer.options.events.onCandidate({ candidate: 'candidate:kiosk', sdpMid: '0' });
    expect(kiosk.sent('client-candidate')).toEqual([{ candidate: { candidate: 'candidate:kiosk', sdpMid: '0' }, call_id: 'call-1', from: 7 }]);

    kiosk.emit('client-sdp', { call_id: 'call-2', sdp: offer });
    kiosk.emit('client-candidate', { call_id: 'call-2', candidate: { candidate: 'candidate:other' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(peer.answer).toHaveBeenCalledTimes(1);
    expect(peer.addCandidate).toHaveBeenCalledTimes(1);
  });

  it('an offer it cannot answer, or a candidate it refuses, is logged and the call goes on', async () => {
    const { kiosk, peer } = await videoCall();
    peer.answer.mockRejectedValueOnce(new Error('bad offer'));
    peer.addCandidate.mockRejectedValueOnce(new Error('bad candidate'));
    kiosk.emit('client-sdp', { call_id: 'call-1', sdp: offer });
    kiosk.emit('client-candidate', { call_id: 'call-1', candidate: { candidate: 'candidate:odd', sdpMid: '0' } });
    await vi.advanceTimersByTimeAsync(10);
    expect(loggedLines()).toHaveLength(2);
    expect(loggedLines()).toEqual(
      expect.arrayContaining([
        ['The video offer could not be answered', 'bad offer'],
        ['A video candidate was refused', 'bad candidate'],
      ]),
    );
    expect(kiosk.sent('client-sdp')).toEqual([]);
    expect(kiosk.notifications()).toEqual([]);
    expect(kiosk.call().route).toBe('peer');
  });

  it("once media flows: 'Connected', the ring stops, the remote video shows, and no fallback at 30 s", async () => {
    const { kiosk, peer } = await videoCall();
    const remote = fakeStream();
    peer.options.events.onRemoteStream(remote);
    peer.options.events.onState('connected');
    expect(kiosk.call().connected).toBe(true);
    expect(kiosk.services.sound.stop).toHaveBeenCalledWith('ring');
    expect(kiosk.fake.streams.get().remote).toBe(remote);
    await vi.advanceTimersByTimeAsync(31000);
    expect(kiosk.fake.providers.voice).not.toHaveBeenCalled();
    expect(peer.close).not.toHaveBeenCalled();
  });

  it('a connection that fails or closes ends the call: Call disconnected / Please try again later', async () => {
    const { kiosk, peer } = await videoCall();
    peer.options.events.onState('connected');
    peer.options.events.onState('lost');
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.notifications()).toEqual([{ title: 'Call disconnected', body: 'Please try again later', status: 'ERROR' }]);
    expect(kiosk.sounds().at(-1)).toBe('sorryNoAccess');
    expect(peer.close).toHaveBeenCalled();
    expect(kiosk.released()).toBe(true);
  });

  it('not connected after 30 s: the peer is closed and the voice client dials the resident', async () => {
    const { kiosk, peer } = await videoCall();
    peer.options.events.onRemoteStream(fakeStream());
    await vi.advanceTimersByTimeAsync(29900);
    expect(kiosk.fake.providers.voice).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(peer.close).toHaveBeenCalled();
    expect(kiosk.fake.streams.get().remote).toBeNull();
    expect(kiosk.call().route).toBe('voice');
    expect(kiosk.fake.legs.voice[0]?.input).toMatchObject({
      token: 'twiml-1',
      params: { room: 'call-1', apiUrl: API_URL, lbtoken: 'test-token', To: '+15555550111' },
    });
    // A late offer for the closed peer is not answered.
    kiosk.emit('client-sdp', { call_id: 'call-1', sdp: offer });
    await vi.advanceTimersByTimeAsync(0);
    expect(peer.answer).not.toHaveBeenCalled();
    // The phone leg then completes the call.
    kiosk.emit('sip-message', { data: { room: 'call-1', connected: true } });
    kiosk.emit('sip-message', { data: { room: 'call-1', open: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('10001');
    expect(kiosk.fake.legs.voice[0]?.handle.hangUp).toHaveBeenCalled();
  });

  it('a peer that cannot even be created falls back to the phone at once', async () => {
    const kiosk = callStore();
    kiosk.fake.createPeer.mockImplementationOnce(() => {
      throw new Error('bad ICE server');
    });
    kiosk.request();
    await untilCreated();
    expect(kiosk.call().route).toBe('voice');
    expect(kiosk.fake.legs.voice).toHaveLength(1);
  });

  it('an answer the channel cannot carry (over 10 KB) closes the peer and calls by phone at once', async () => {
    const { kiosk, peer } = await videoCall();
    kiosk.services.realtime.trigger.mockImplementation((_channel, event) => event !== 'client-sdp');
    kiosk.emit('client-sdp', { call_id: 'call-1', sdp: offer });
    await vi.advanceTimersByTimeAsync(10);
    expect(peer.close).toHaveBeenCalled();
    expect(kiosk.call().route).toBe('voice');
    expect(kiosk.fake.legs.voice).toHaveLength(1);
    expect(loggedLines()).toContainEqual(['Video could not start: calling by phone', 'The video answer is too large for the channel']);
  });

  it('without video (the resident or the device says no) the voice client dials at once', async () => {
    const resident = { ...rawProperty().residents[0]!, user_enabled_video_calls: false };
    const kiosk = callStore({ property: rawProperty({ residents: [resident] }) });
    kiosk.request();
    await untilCreated();
    expect(kiosk.fake.createPeer).not.toHaveBeenCalled();
    expect(kiosk.call().route).toBe('voice');
    expect(kiosk.fake.legs.voice).toHaveLength(1);
  });
});
