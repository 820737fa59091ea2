import { createPeerSession, type PeerEvents } from './peerConnection';

/** Just enough of RTCPeerConnection to see what the session does with it. */
class FakePeer {
  static last: FakePeer;
  tracks: MediaStreamTrack[] = [];
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  candidates: RTCIceCandidateInit[] = [];
  iceConnectionState: RTCIceConnectionState = 'new';
  closed = false;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((event: { track: MediaStreamTrack; streams: MediaStream[] }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeer.last = this;
  }
  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track);
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: 'v=0 answer' };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
  }
  close() {
    this.closed = true;
  }
  state(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
}

const track = (kind: string) => ({ kind }) as MediaStreamTrack;
const stream = (tracks: MediaStreamTrack[]) => ({ getTracks: () => tracks, addTrack: vi.fn() }) as unknown as MediaStream;

function session() {
  const events: PeerEvents = { onCandidate: vi.fn(), onRemoteStream: vi.fn(), onState: vi.fn() };
  const local = stream([track('audio'), track('video')]);
  const peer = createPeerSession({
    iceServers: [{ urls: 'stun:stun.test' }],
    localStream: local,
    events,
    PeerImpl: FakePeer as unknown as new (config: RTCConfiguration) => RTCPeerConnection,
  });
  return { peer, events, local, fake: FakePeer.last };
}

describe('peer session', () => {
  it("uses the call's ICE servers and sends the camera and microphone", () => {
    const { fake } = session();
    expect(fake.config).toEqual({ iceServers: [{ urls: 'stun:stun.test' }] });
    expect(fake.tracks.map((t) => t.kind)).toEqual(['audio', 'video']);
  });

  it('holds candidates that come before the offer, then answers', async () => {
    const { peer, fake } = session();
    await peer.addCandidate({ candidate: 'early' });
    expect(fake.candidates).toEqual([]);
    await expect(peer.answer({ type: 'offer', sdp: 'v=0 offer' })).resolves.toEqual({ type: 'answer', sdp: 'v=0 answer' });
    expect(fake.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    expect(fake.candidates).toEqual([{ candidate: 'early' }]);
    await peer.addCandidate({ candidate: 'later' });
    expect(fake.candidates).toEqual([{ candidate: 'early' }, { candidate: 'later' }]);
  });

  it('reports local candidates, the remote stream, connected once, and lost', () => {
    const { fake, events } = session();
    fake.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: 'mine' }) } });
    fake.onicecandidate?.({ candidate: null });
    expect(events.onCandidate).toHaveBeenCalledTimes(1);
    const remote = stream([]);
    fake.ontrack?.({ track: track('video'), streams: [remote] });
    fake.ontrack?.({ track: track('audio'), streams: [remote] });
    expect(events.onRemoteStream).toHaveBeenCalledTimes(1);
    fake.state('checking');
    fake.state('connected');
    fake.state('completed');
    expect(events.onState).toHaveBeenCalledTimes(1);
    fake.state('failed');
    fake.state('closed');
    expect(vi.mocked(events.onState).mock.calls).toEqual([['connected'], ['lost']]);
  });

  it('close is quiet and final', () => {
    const { peer, fake, events } = session();
    peer.close();
    peer.close();
    expect(fake.closed).toBe(true);
    expect(fake.oniceconnectionstatechange).toBeNull();
    expect(events.onState).not.toHaveBeenCalled();
  });
});
