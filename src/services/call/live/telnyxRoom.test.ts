import { fakeVideoSdk as sdk } from '../../../testing/fakeTelnyxVideo';
import { watchedSignal } from '../../../testing/watchedSignal';
import { createTelnyxRoom, ROOM_REMOVAL_WAIT_MS } from './telnyxRoom';

vi.mock('@telnyx/video', async () => ({ initialize: (await import('../../../testing/fakeTelnyxVideo')).fakeVideoSdk.initialize }));

class FakeMediaStream {
  constructor(readonly tracks: MediaStreamTrack[]) {}
}


const events = () => ({ onMessage: vi.fn(), onRemoteStream: vi.fn(), onDisconnected: vi.fn() });
const join = (evts = events(), signal = new AbortController().signal) =>
  createTelnyxRoom().join({ callId: 'call-1', channel: 'ch', signal, roomId: 'room-1', clientToken: 'join-1' }, evts);

beforeEach(() => {
  sdk.state.room = new sdk.Room();
  vi.stubGlobal('MediaStream', FakeMediaStream);
});
afterEach(() => vi.unstubAllGlobals());

describe('Telnyx video room adapter', () => {
  it('initializes the room with the join token and messages on, and subscribes to streams that were there before', async () => {
    const room = sdk.state.room;
    room.streams.set('s1', { participantId: 'resident', key: 'cam' });
    room.streams.set('s2', { participantId: 'me', key: 'self' });
    await join();
    expect(sdk.initialize).toHaveBeenCalledWith({ roomId: 'room-1', clientToken: 'join-1', enableMessages: true });
    expect(room.connect).toHaveBeenCalled();
    expect(room.addSubscription).toHaveBeenCalledTimes(1);
    expect(room.addSubscription).toHaveBeenCalledWith('resident', 'cam', { audio: true, video: true });
  });

  it("subscribes to new streams, shows their video with the room's audio, and passes messages and disconnects on", async () => {
    const room = sdk.state.room;
    const evts = events();
    await join(evts);
    room.emit('stream_published', 'resident', 'cam');
    room.emit('stream_published', 'me', 'self');
    expect(room.addSubscription).toHaveBeenCalledTimes(1);
    const video = sdk.state.track('video', 'resident-cam');
    room.streams.set('s1', { participantId: 'resident', key: 'cam', videoTrack: video });
    room.emit('subscription_started', 'resident', 'cam');
    expect(evts.onRemoteStream).toHaveBeenCalledWith(new FakeMediaStream([room.mixedAudioTrack!, video]));
    room.emit('message_received', 'resident', { type: 'text', payload: 'open_gate' }, null);
    expect(evts.onMessage).toHaveBeenCalledWith('open_gate');
    room.emit('disconnected', 'network_error');
    expect(evts.onDisconnected).toHaveBeenCalledWith('network_error');
  });

  it("publishes the caller's microphone and camera", async () => {
    const room = sdk.state.room;
    const handle = await join();
    const audio = sdk.state.track('audio', 'mic');
    const video = sdk.state.track('video', 'cam');
    await handle.publish({ getAudioTracks: () => [audio], getVideoTracks: () => [video] } as unknown as MediaStream);
    expect(room.addStream).toHaveBeenCalledWith('self', { audio, video });
  });

  it('leaving unbinds every event and disconnects, once', async () => {
    const room = sdk.state.room;
    const evts = events();
    const handle = await join(evts);
    handle.hangUp();
    handle.hangUp();
    await vi.waitFor(() => expect(room.disconnect).toHaveBeenCalledTimes(1));
    expect(room.unsubscribed.sort()).toEqual(['disconnected', 'message_received', 'participant_left', 'stream_published', 'subscription_started']);
  });

  it('hears nothing after leaving, not even its own disconnect, and leaves no listener on the start signal', async () => {
    const room = sdk.state.room;
    room.disconnect.mockImplementationOnce(async () => {
      room.emit('disconnected', 'left');
      return undefined;
    });
    const evts = events();
    const watched = watchedSignal();
    const handle = await join(evts, watched.signal);
    handle.hangUp();
    room.emit('message_received', 'resident', { type: 'text', payload: 'open_gate' }, null);
    expect(evts.onDisconnected).not.toHaveBeenCalled();
    expect(evts.onMessage).not.toHaveBeenCalled();
    expect(watched.listening()).toBe(0);
  });

  it('on an engine without AbortSignal.throwIfAborted (Chromium before 100), an unaborted join opens the room; an aborted one does not', async () => {
    const bare = (aborted: boolean) => ({ aborted, reason: undefined, addEventListener: vi.fn(), removeEventListener: vi.fn() }) as unknown as AbortSignal;
    const before = sdk.initialize.mock.calls.length;
    await join(events(), bare(false));
    expect(sdk.initialize).toHaveBeenCalledTimes(before + 1);
    await expect(join(events(), bare(true))).rejects.toMatchObject({ name: 'AbortError' });
    expect(sdk.initialize).toHaveBeenCalledTimes(before + 1);
  });

  it('an abort while connecting (the deadline) leaves the room and rejects with its reason, even if the connect then succeeds', async () => {
    const room = sdk.state.room;
    let connected: () => void = () => undefined;
    room.connect.mockImplementationOnce(() => new Promise<undefined>((resolve) => (connected = () => resolve(undefined))));
    const controller = new AbortController();
    const joining = join(events(), controller.signal);
    await vi.waitFor(() => expect(room.connect).toHaveBeenCalled());
    const deadline = new Error('Video room join did not finish within 15000 ms');
    controller.abort(deadline);
    await vi.waitFor(() => expect(room.disconnect).toHaveBeenCalledTimes(1));
    connected();
    await expect(joining).rejects.toBe(deadline);
    expect(room.addSubscription).not.toHaveBeenCalled();
  });

  it('a subscription the room refuses is reported as a disconnect', async () => {
    const room = sdk.state.room;
    room.addSubscription.mockRejectedValueOnce(new Error('subscription refused'));
    const evts = events();
    await join(evts);
    room.emit('stream_published', 'resident', 'cam');
    await vi.waitFor(() => expect(evts.onDisconnected).toHaveBeenCalledWith('Error: subscription refused'));
  });

  it('shows only the tracks there are: the mixed audio alone, or nothing when there is neither', async () => {
    const room = sdk.state.room;
    const evts = events();
    await join(evts);
    room.emit('subscription_started', 'resident', 'gone');
    expect(evts.onRemoteStream).toHaveBeenCalledWith(new FakeMediaStream([room.mixedAudioTrack!]));
    room.mixedAudioTrack = undefined;
    room.streams.set('s1', { participantId: 'resident', key: 'screen' });
    room.emit('subscription_started', 'resident', 'screen');
    expect(evts.onRemoteStream).toHaveBeenCalledTimes(1);
  });

  it('a connect that fails leaves the room and rejects', async () => {
    sdk.state.room.connect.mockRejectedValueOnce(new Error('network_error'));
    await expect(join()).rejects.toThrow('network_error');
    expect(sdk.state.room.disconnect).toHaveBeenCalled();
  });

  it("leaving removes the subscriptions and the published stream (closing their connections), stops the remote tracks, then destroys the session", async () => {
    const room = sdk.state.room;
    const order: string[] = [];
    room.removeSubscription.mockImplementation(async (participantId, key) => void order.push(`unsubscribe ${participantId} ${key}`));
    room.removeStream.mockImplementation(async (key) => void order.push(`unpublish ${key}`));
    room.disconnect.mockImplementation(async () => void order.push('disconnect'));
    const handle = await join();
    const video = sdk.state.track('video', 'resident-cam');
    room.streams.set('s1', { participantId: 'resident', key: 'cam', videoTrack: video });
    room.emit('subscription_started', 'resident', 'cam');
    room.subscriptions.set('resident', new Map([['cam', {}]]));
    await handle.publish({ getAudioTracks: () => [], getVideoTracks: () => [] } as unknown as MediaStream);

    handle.hangUp();
    expect(video.stop).toHaveBeenCalled();
    expect(room.mixedAudioTrack!.stop).toHaveBeenCalled();
    await vi.waitFor(() => expect(order).toEqual(['unsubscribe resident cam', 'unpublish self', 'disconnect']));
  });

  it('a removal the room never confirms does not keep the session: it is destroyed after ROOM_REMOVAL_WAIT_MS', async () => {
    vi.useFakeTimers();
    try {
      const room = sdk.state.room;
      room.removeStream.mockImplementation(() => new Promise<undefined>(() => undefined));
      const handle = await join();
      await handle.publish({ getAudioTracks: () => [], getVideoTracks: () => [] } as unknown as MediaStream);
      handle.hangUp();
      await vi.advanceTimersByTimeAsync(ROOM_REMOVAL_WAIT_MS - 1);
      expect(room.disconnect).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(room.disconnect).toHaveBeenCalledTimes(1);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the last other participant leaving the room is reported as a disconnect; one of several leaving is not', async () => {
    const room = sdk.state.room;
    const evts = events();
    await join(evts);
    room.participants.set('resident', {});
    room.participants.set('partner', {});
    room.participants.delete('partner');
    room.emit('participant_left', 'partner');
    expect(evts.onDisconnected).not.toHaveBeenCalled();
    room.participants.delete('resident');
    room.emit('participant_left', 'resident');
    expect(evts.onDisconnected).toHaveBeenCalledWith('participant_left');
  });
});
