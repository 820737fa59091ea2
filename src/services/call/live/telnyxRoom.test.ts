import { createTelnyxRoom } from './telnyxRoom';

const sdk = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  const track = (kind: string, id: string) => ({ kind, id }) as unknown as MediaStreamTrack;
  class Room {
    listeners = new Map<string, Listener>();
    unsubscribed: string[] = [];
    streams = new Map<string, { participantId: string; key: string; videoTrack?: MediaStreamTrack }>();
    connect = vi.fn(async () => undefined);
    disconnect = vi.fn(async () => undefined);
    addSubscription = vi.fn(async () => undefined);
    addStream = vi.fn(async () => undefined);
    mixedAudioTrack = track('audio', 'mixed');
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener);
      return () => this.unsubscribed.push(event);
    }
    emit(event: string, ...args: unknown[]) {
      this.listeners.get(event)?.(...args);
    }
    getLocalParticipant() {
      return { id: 'me' };
    }
    getState() {
      return { streams: this.streams, mixedAudioTrack: this.mixedAudioTrack };
    }
    getParticipantStream(participantId: string, key: string) {
      return [...this.streams.values()].find((s) => s.participantId === participantId && s.key === key);
    }
  }
  const state = { room: new Room(), track };
  return { state, Room, initialize: vi.fn(async (_config: unknown) => state.room) };
});
vi.mock('@telnyx/video', () => ({ initialize: sdk.initialize }));

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
    expect(evts.onRemoteStream).toHaveBeenCalledWith(new FakeMediaStream([room.mixedAudioTrack, video]));
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
    expect(room.disconnect).toHaveBeenCalledTimes(1);
    expect(room.unsubscribed.sort()).toEqual(['disconnected', 'message_received', 'stream_published', 'subscription_started']);
  });

  it('a connect that fails leaves the room and rejects', async () => {
    sdk.state.room.connect.mockRejectedValueOnce(new Error('network_error'));
    await expect(join()).rejects.toThrow('network_error');
    expect(sdk.state.room.disconnect).toHaveBeenCalled();
  });
});
