import { fakeVideoSdk as sdk } from '../../../testing/fakeTelnyxVideo';
import { watchedSignal } from '../../../testing/watchedSignal';
import { createTelnyxRoom } from './telnyxRoom';

// The connections @telnyx/video makes and never closes (the data channel's and
// the mix's, and its socket before `create` is answered) end with the room.
vi.mock('@telnyx/video', async () => ({ initialize: (await import('../../../testing/fakeTelnyxVideo')).fakeVideoSdk.initialize }));

/** A peer connection with no state change due, so that closing it is immediate. */
class FakePeer {
  signalingState = 'stable';
  connectionState = 'new';
  iceConnectionState = 'new';
  iceGatheringState = 'new';
  close() {
    this.signalingState = this.connectionState = this.iceConnectionState = 'closed';
  }
}
class FakeSocket extends EventTarget {
  close = vi.fn();
  sent: string[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols?: string,
  ) {
    super();
  }
  send(data: string) {
    this.sent.push(data);
  }
}
const GATEWAY = 'wss://video.telnyx.com/room-1/janus';
const isOpen = (pc: RTCPeerConnection) => pc.signalingState !== 'closed';

const events = () => ({ onMessage: vi.fn(), onRemoteStream: vi.fn(), onDisconnected: vi.fn() });
const join = (signal = new AbortController().signal) =>
  createTelnyxRoom().join({ callId: 'call-1', channel: 'ch', signal, roomId: 'room-1', clientToken: 'join-1' }, events());

beforeEach(() => {
  sdk.state.room = new sdk.Room();
  vi.stubGlobal('MediaStream', class {});
  vi.stubGlobal('RTCPeerConnection', FakePeer);
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('Telnyx video room adapter: every connection the room made ends with it', () => {
  it("leaving closes every peer connection, the room's data channel and audio mix included, and the socket; the page gets its constructors back at once", async () => {
    const room = sdk.state.room;
    const peers: RTCPeerConnection[] = [];
    let socket: FakeSocket | undefined;
    // As @telnyx/video does: the socket in initialize(), the data channel's and the mix's connections in connect(),
    // one per subscription (closed by its removal), and a disconnect() that leaves all but the socket.
    sdk.initialize.mockImplementationOnce(async () => {
      socket = new WebSocket(GATEWAY, 'janus-protocol') as unknown as FakeSocket;
      return room;
    });
    room.connect.mockImplementationOnce(async () => void peers.push(new RTCPeerConnection(), new RTCPeerConnection()));
    room.addSubscription.mockImplementationOnce(async () => {
      const subscription = new RTCPeerConnection();
      peers.push(subscription);
      room.subscriptions.set('resident', new Map([['camera', subscription]]));
    });
    room.removeSubscription.mockImplementationOnce(async () => void (room.subscriptions.get('resident')!.get('camera') as RTCPeerConnection).close());
    const handle = await join();
    room.emit('stream_published', 'resident', 'camera');
    await vi.waitFor(() => expect(room.subscriptions.size).toBe(1));
    expect(peers.filter(isOpen)).toHaveLength(3);

    handle.hangUp();
    expect(globalThis.RTCPeerConnection).toBe(FakePeer);
    expect(globalThis.WebSocket).toBe(FakeSocket);
    await vi.waitFor(() => expect(peers.filter(isOpen)).toEqual([]));
    expect(room.removeSubscription).toHaveBeenCalledWith('resident', 'camera');
    expect(room.disconnect).toHaveBeenCalledTimes(1);
    expect(socket?.close).toHaveBeenCalled();
  });

  it('a peer connection or socket made after leaving (the phone leg that follows) is left alone', async () => {
    const room = sdk.state.room;
    const handle = await join();
    handle.hangUp();
    const phone = new RTCPeerConnection();
    const phoneSocket = new WebSocket('wss://rtc.example/', 'janus-protocol') as unknown as FakeSocket;
    await vi.waitFor(() => expect(room.disconnect).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isOpen(phone)).toBe(true);
    expect(phoneSocket.close).not.toHaveBeenCalled();
  });

  it("giving up while the gateway leaves `create` unanswered closes the SDK's socket at once and rejects with the reason; other sockets stay open", async () => {
    let socket: FakeSocket | undefined;
    sdk.initialize.mockImplementationOnce(() => {
      socket = new WebSocket(GATEWAY, 'janus-protocol') as unknown as FakeSocket;
      return new Promise(() => undefined);
    });
    const watched = watchedSignal();
    const joining = join(watched.signal);
    const hardware = new WebSocket('ws://localhost:8765/') as unknown as FakeSocket;
    await vi.waitFor(() => expect(socket).toBeDefined());
    const deadline = new Error('Video room join did not finish within 15000 ms');
    watched.controller.abort(deadline);
    await expect(joining).rejects.toBe(deadline);
    expect(socket?.close).toHaveBeenCalled();
    expect(hardware.close).not.toHaveBeenCalled();
    expect(globalThis.WebSocket).toBe(FakeSocket);
    expect(watched.listening()).toBe(0);
  });

  it("leaving with `create` unanswered answers it for the SDK with a session id that is no number, so its 0 ms poll for the answer ends; answered ones are left alone", async () => {
    let socket: FakeSocket | undefined;
    sdk.initialize.mockImplementationOnce(() => {
      socket = new WebSocket(GATEWAY, 'janus-protocol') as unknown as FakeSocket;
      socket.send(JSON.stringify({ janus: 'create', transaction: 'answered' }));
      socket.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ janus: 'ack', transaction: 'answered' }) }));
      socket.send(JSON.stringify({ janus: 'create', transaction: 'unanswered' }));
      return new Promise(() => undefined);
    });
    const received: unknown[] = [];
    const watched = watchedSignal();
    const joining = join(watched.signal);
    await vi.waitFor(() => expect(socket).toBeDefined());
    socket!.onmessage = ({ data }) => received.push(JSON.parse(String(data)));
    watched.controller.abort(new Error('left'));
    await expect(joining).rejects.toThrow('left');
    expect(received).toEqual([{ janus: 'success', transaction: 'unanswered', data: { id: 'room left' } }]);
    expect(socket!.sent).toHaveLength(2);
  });

  it('a subscription under way when leaving is removed once it has started, before the session is destroyed', async () => {
    const room = sdk.state.room;
    let started: () => void = () => undefined;
    room.addSubscription.mockImplementationOnce(
      () =>
        new Promise<undefined>((resolve) => {
          started = () => {
            room.subscriptions.set('resident', new Map([['camera', {}]]));
            resolve(undefined);
          };
        }),
    );
    const handle = await join();
    room.emit('stream_published', 'resident', 'camera');
    handle.hangUp();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(room.disconnect).not.toHaveBeenCalled();
    started();
    await vi.waitFor(() => expect(room.disconnect).toHaveBeenCalled());
    expect(room.removeSubscription).toHaveBeenCalledWith('resident', 'camera');
  });
});
