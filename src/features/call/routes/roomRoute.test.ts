import { http, HttpResponse } from 'msw';
import { API_URL, apiServer, serverCall, withApiServer } from '../../../testing/apiServer';
import { callStore, loggedLines, untilCreated } from '../../../testing/callHarness';
import { fakeStream } from '../../../testing/fakeCall';
import { withFakeTimers } from '../../../testing/fakeTimers';

withApiServer();
withFakeTimers();

async function roomCall() {
  const kiosk = callStore({ telnyx: true });
  kiosk.request();
  await untilCreated();
  return { kiosk, room: () => kiosk.fake.legs.room[0]! };
}

describe('video with the provider flag: a video room', () => {
  it("joins the call's room with a join token from the video provider", async () => {
    const { kiosk, room } = await roomCall();
    expect(kiosk.fake.requestJoinToken).toHaveBeenCalledWith('room-1', expect.any(AbortSignal));
    expect(room().input).toMatchObject({ roomId: 'room-1', clientToken: 'join-token-1' });
    expect(kiosk.call().route).toBe('room');
  });

  it("with the back end's room_token it joins with that, and never asks the video provider", async () => {
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/calls`, () => HttpResponse.json({ ...serverCall(), room_token: 'join-from-back-end' })));
    const { kiosk, room } = await roomCall();
    expect(room().input).toMatchObject({ roomId: 'room-1', clientToken: 'join-from-back-end' });
    expect(kiosk.fake.requestJoinToken).not.toHaveBeenCalled();
    expect(kiosk.call().route).toBe('room');
  });

  it('a build without the provider key joins with room_token; without either the call goes to SIP at once, and says why', async () => {
    const withoutKey = async () => {
      const kiosk = callStore({ telnyx: true });
      const kit = await kiosk.fake.load();
      kiosk.fake.load.mockResolvedValueOnce({ ...kit, requestJoinToken: null });
      kiosk.request();
      await untilCreated();
      return kiosk;
    };
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/calls`, () => HttpResponse.json({ ...serverCall(), room_token: 'join-from-back-end' }), { once: true }));
    const minted = await withoutKey();
    expect(minted.fake.legs.room[0]?.input).toMatchObject({ clientToken: 'join-from-back-end' });
    expect(minted.call().route).toBe('room');
    minted.cancel();

    const unminted = await withoutKey();
    expect(unminted.fake.legs.room).toEqual([]);
    expect(unminted.call().route).toBe('sip');
    await vi.advanceTimersByTimeAsync(10);
    expect(loggedLines()).toContainEqual([
      'Video could not start: calling by phone',
      'The created call has no room_token, and this build has no video provider key',
    ]);
  });

  it('a room that has been left decides nothing: its late open_gate neither opens the gate nor stops the phone ringing', async () => {
    const { kiosk, room } = await roomCall();
    await vi.advanceTimersByTimeAsync(30100);
    expect(kiosk.call().route).toBe('sip');
    vi.mocked(kiosk.services.sound.stop).mockClear();
    room().events.onMessage('open_gate');
    room().events.onMessage('answered');
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
    expect(kiosk.services.sound.stop).not.toHaveBeenCalled();
    expect(kiosk.call()).toMatchObject({ phase: 'ready', route: 'sip', connected: false });
  });

  it("'answered': connected, the ring stops, the caller is published; the remote video shows", async () => {
    const { kiosk, room } = await roomCall();
    const remote = fakeStream();
    room().events.onRemoteStream(remote);
    room().events.onMessage('answered');
    expect(kiosk.call().connected).toBe(true);
    expect(kiosk.services.sound.stop).toHaveBeenCalledWith('ring');
    expect(room().handle.publish).toHaveBeenCalledWith(kiosk.fake.opened[0]);
    expect(kiosk.fake.streams.get().remote).toBe(remote);
    await vi.advanceTimersByTimeAsync(31000);
    expect(kiosk.fake.providers.sip).not.toHaveBeenCalled();
  });

  it("'open_gate' completes with the gate; 'decline' ends it refused", async () => {
    const { kiosk, room } = await roomCall();
    room().events.onMessage('open_gate');
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('10001');
    expect(room().handle.hangUp).toHaveBeenCalled();

    const declined = await roomCall();
    declined.room().events.onMessage('decline');
    await vi.advanceTimersByTimeAsync(0);
    expect(declined.kiosk.notifications()[0]?.title).toBe("Sorry, you weren't granted access");
  });

  it('any first message stops the ring and the fallback timer, even one the kiosk does not know', async () => {
    const { kiosk, room } = await roomCall();
    room().events.onMessage('hello');
    expect(kiosk.services.sound.stop).toHaveBeenCalledWith('ring');
    await vi.advanceTimersByTimeAsync(31000);
    expect(kiosk.fake.providers.sip).not.toHaveBeenCalled();
    expect(kiosk.call().connected).toBe(false);
    // Neither granted nor refused: the call goes on in the room, and the caller is not published.
    expect(kiosk.notifications()).toEqual([]);
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
    expect(room().handle.hangUp).not.toHaveBeenCalled();
    expect(room().handle.publish).not.toHaveBeenCalled();
  });

  it("'answered' that comes while the join is finishing publishes the caller once joined", async () => {
    const kiosk = callStore({ telnyx: true });
    const publish = vi.fn(async () => undefined);
    vi.mocked(kiosk.fake.clients.room.join).mockImplementationOnce(async (_input, events) => {
      events.onMessage('answered');
      return { hangUp: vi.fn(), publish };
    });
    kiosk.request();
    await untilCreated();
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledWith(kiosk.fake.opened[0]);
    expect(kiosk.call()).toMatchObject({ route: 'room', connected: true });
  });

  it('a caller the room will not take is logged, and the call goes on', async () => {
    const { kiosk, room } = await roomCall();
    room().handle.publish.mockRejectedValueOnce(new Error('publish refused'));
    room().events.onMessage('answered');
    await vi.advanceTimersByTimeAsync(10);
    expect(loggedLines()).toEqual([['The caller could not be published to the video room', 'publish refused']]);
    expect(kiosk.notifications()).toEqual([]);
    expect(kiosk.call().connected).toBe(true);
  });

  it('a created call without a room_id goes to SIP at once, and says why in the log', async () => {
    const withoutRoom: Partial<ReturnType<typeof serverCall>> = serverCall();
    delete withoutRoom.room_id;
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/calls`, () => HttpResponse.json(withoutRoom)));
    const kiosk = callStore({ telnyx: true });
    kiosk.request();
    await untilCreated();
    expect(kiosk.fake.requestJoinToken).not.toHaveBeenCalled();
    expect(kiosk.call().route).toBe('sip');
    await vi.advanceTimersByTimeAsync(10);
    expect(loggedLines()).toContainEqual(['Video could not start: calling by phone', 'The created call has no room_id']);
  });

  it('a join token that takes longer than 15 s is given up for SIP, and the log says which step was late', async () => {
    const kiosk = callStore({ telnyx: true });
    kiosk.fake.requestJoinToken.mockImplementationOnce(() => new Promise(() => undefined));
    kiosk.request();
    await untilCreated();
    await vi.advanceTimersByTimeAsync(14900);
    expect(kiosk.call().route).toBe('room');
    await vi.advanceTimersByTimeAsync(200);
    expect(kiosk.call().route).toBe('sip');
    expect(loggedLines()).toContainEqual(['Video could not start: calling by phone', 'Video room token did not finish within 15000 ms']);
  });

  it('no message in 30 s: the room is left and the SIP client takes over', async () => {
    const { kiosk, room } = await roomCall();
    await vi.advanceTimersByTimeAsync(29900);
    expect(kiosk.fake.providers.sip).not.toHaveBeenCalled();
    expect(room().handle.publish).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(room().handle.hangUp).toHaveBeenCalled();
    expect(kiosk.call().route).toBe('sip');
    expect(kiosk.fake.legs.sip).toHaveLength(1);
  });

  it('a room that cannot be joined, or closes before anyone speaks, falls back to SIP at once', async () => {
    const failing = callStore({ telnyx: true });
    vi.mocked(failing.fake.clients.room.join).mockRejectedValueOnce(new Error('network_error'));
    failing.request();
    await untilCreated();
    expect(failing.call().route).toBe('sip');

    const closing = await roomCall();
    closing.room().events.onDisconnected('network');
    await vi.advanceTimersByTimeAsync(0);
    expect(closing.kiosk.call().route).toBe('sip');
    expect(closing.room().handle.hangUp).toHaveBeenCalled();
  });

  it('a join that takes longer than 15 s is given up for SIP, and the room is left when it comes', async () => {
    const kiosk = callStore({ telnyx: true });
    let joined: (room: { hangUp: () => void; publish: () => Promise<void> }) => void = () => undefined;
    vi.mocked(kiosk.fake.clients.room.join).mockImplementationOnce(() => new Promise((resolve) => (joined = resolve)));
    kiosk.request();
    await untilCreated();
    await vi.advanceTimersByTimeAsync(15100);
    expect(kiosk.call().route).toBe('sip');
    const late = { hangUp: vi.fn(), publish: vi.fn(async () => undefined) };
    joined(late);
    await vi.advanceTimersByTimeAsync(0);
    expect(late.hangUp).toHaveBeenCalled();
    expect(loggedLines()).toContainEqual(['Video could not start: calling by phone', 'Video room join did not finish within 15000 ms']);
  });

  it('the room closing after an answer ends the call as disconnected', async () => {
    const { kiosk, room } = await roomCall();
    room().events.onMessage('answered');
    room().events.onDisconnected('kicked');
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.notifications()[0]).toEqual({ title: 'Call disconnected', body: 'Please try again later', status: 'ERROR' });
    expect(loggedLines()).toContainEqual(['Call failed (peer-lost)', 'The video room closed: kicked']);
  });

  it('a join token the provider refuses: straight to SIP', async () => {
    const kiosk = callStore({ telnyx: true });
    kiosk.fake.requestJoinToken.mockRejectedValueOnce(new Error('401'));
    kiosk.request();
    await untilCreated();
    expect(kiosk.fake.providers.room).not.toHaveBeenCalled();
    expect(kiosk.call().route).toBe('sip');
  });
});
