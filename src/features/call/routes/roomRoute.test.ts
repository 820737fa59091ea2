import { withApiServer } from '../../../testing/apiServer';
import { callStore, untilCreated } from '../../../testing/callHarness';
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
  });

  it('no message in 30 s: the room is left and the SIP client takes over', async () => {
    const { kiosk, room } = await roomCall();
    await vi.advanceTimersByTimeAsync(29900);
    expect(kiosk.fake.providers.sip).not.toHaveBeenCalled();
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
  });

  it('the room closing after an answer ends the call as disconnected', async () => {
    const { kiosk, room } = await roomCall();
    room().events.onMessage('answered');
    room().events.onDisconnected('kicked');
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.notifications()[0]).toEqual({ title: 'Call disconnected', body: 'Please try again later', status: 'ERROR' });
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
