import { createPeerSession, PEER_CLOSE_SETTLE_MS, type PeerEvents } from './peerConnection';

/** Just enough of RTCPeerConnection to see what the session does with it. */
class FakePeer {
  static last: FakePeer;
  tracks: MediaStreamTrack[] = [];
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  candidates: RTCIceCandidateInit[] = [];
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  iceGatheringState: RTCIceGatheringState = 'new';
  closed = false;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((event: { track: MediaStreamTrack; streams: MediaStream[] }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  onicegatheringstatechange: (() => void) | null = null;
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
  closes = 0;
  close() {
    this.closed = true;
    this.closes += 1;
  }
  state(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
  /** As Chromium dispatches a queued state-change event: the attribute changes, then the handler runs. */
  connection(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
  gathering(state: RTCIceGatheringState) {
    this.iceGatheringState = state;
    this.onicegatheringstatechange?.();
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
    fake.state('connected');
    expect(vi.mocked(events.onState).mock.calls).toEqual([['connected'], ['lost']]);
  });

  it("reports 'connected' on connected or completed, and 'lost' on failed or closed, each alone", () => {
    for (const [state, reported] of [
      ['connected', 'connected'],
      ['completed', 'connected'],
      ['failed', 'lost'],
      ['closed', 'lost'],
      ['disconnected', null],
      ['checking', null],
    ] as const) {
      const { fake, events } = session();
      fake.state(state);
      expect(vi.mocked(events.onState).mock.calls).toEqual(reported ? [[reported]] : []);
    }
  });

  it('gathers tracks that come without a stream into one remote stream, and adds no track twice', () => {
    const made: Array<{ tracks: MediaStreamTrack[]; getTracks(): MediaStreamTrack[]; addTrack(t: MediaStreamTrack): void }> = [];
    vi.stubGlobal(
      'MediaStream',
      class {
        tracks: MediaStreamTrack[] = [];
        constructor() {
          made.push(this);
        }
        getTracks() {
          return this.tracks;
        }
        addTrack(t: MediaStreamTrack) {
          this.tracks.push(t);
        }
      },
    );
    try {
      const { fake, events } = session();
      const audio = track('audio');
      const video = track('video');
      fake.ontrack?.({ track: audio, streams: [] });
      fake.ontrack?.({ track: video, streams: [] });
      expect(made).toHaveLength(1);
      expect(made[0]!.tracks).toEqual([audio, video]);
      expect(events.onRemoteStream).toHaveBeenCalledTimes(1);
      expect(events.onRemoteStream).toHaveBeenCalledWith(made[0]);

      const other = session();
      const carried = track('video');
      const remote = stream([carried]);
      other.fake.ontrack?.({ track: carried, streams: [remote] });
      expect(remote.addTrack).not.toHaveBeenCalled();
      expect(other.events.onRemoteStream).toHaveBeenCalledWith(remote);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('close is quiet and final', () => {
    const { peer, fake, events } = session();
    peer.close();
    peer.close();
    expect(fake.closes).toBe(1);
    expect(fake.oniceconnectionstatechange).toBeNull();
    expect(events.onState).not.toHaveBeenCalled();
  });

  describe('close while a state-change event is due (Chromium would keep the closed connection alive)', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('closes at once when the connection has settled', () => {
      const { peer, fake } = session();
      fake.state('connected');
      fake.connection('connected');
      fake.gathering('complete');
      peer.close();
      expect(fake.closes).toBe(1);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('ICE connected, the connection still connecting: closes from the connection state change, quietly', () => {
      const { peer, fake, events } = session();
      fake.connection('connecting');
      fake.state('connected');
      vi.mocked(events.onState).mockClear();
      peer.close();
      expect(fake.closes).toBe(0);
      fake.connection('connected');
      expect(fake.closes).toBe(1);
      expect(fake.onconnectionstatechange).toBeNull();
      expect(fake.onicegatheringstatechange).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
      fake.state('closed');
      expect(events.onState).not.toHaveBeenCalled();
      peer.close();
      vi.advanceTimersByTime(PEER_CLOSE_SETTLE_MS);
      expect(fake.closes).toBe(1);
    });

    it('candidates still being gathered: closes when gathering completes', () => {
      const { peer, fake } = session();
      fake.gathering('gathering');
      peer.close();
      expect(fake.closes).toBe(0);
      fake.gathering('complete');
      expect(fake.closes).toBe(1);
    });

    it(`no event comes: closes after ${PEER_CLOSE_SETTLE_MS} ms anyway`, () => {
      const { peer, fake } = session();
      fake.state('checking');
      peer.close();
      vi.advanceTimersByTime(PEER_CLOSE_SETTLE_MS - 1);
      expect(fake.closes).toBe(0);
      vi.advanceTimersByTime(1);
      expect(fake.closes).toBe(1);
      expect(fake.onconnectionstatechange).toBeNull();
      fake.connection('connecting');
      expect(fake.closes).toBe(1);
    });
  });
});
