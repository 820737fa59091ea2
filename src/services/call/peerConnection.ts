/** What the browser's peer connection reports to the call. */
export interface PeerEvents {
  /** A local ICE candidate to send to the far end. */
  onCandidate(candidate: RTCIceCandidateInit): void;
  onRemoteStream(stream: MediaStream): void;
  /** 'connected' once media flows (ICE connected or completed), 'lost' when it fails or closes. Each at most once. */
  onState(state: 'connected' | 'lost'): void;
}

/** The kiosk's side of a video call with the resident's app: it answers the app's offer. */
export interface PeerSession {
  /** Applies the far end's offer and returns the answer to send back. */
  answer(offer: RTCSessionDescriptionInit): Promise<RTCSessionDescriptionInit>;
  /** Adds a far-end candidate; candidates that come before the offer are held until it is applied. */
  addCandidate(candidate: RTCIceCandidateInit): Promise<void>;
  /** Closes the connection without reporting 'lost' (at once, or once a due state change is out: closeWhenSettled). Safe to call twice. */
  close(): void;
}

export interface PeerOptions {
  /** The call's `token.iceServers`, passed on as the back end gives them. */
  iceServers: RTCIceServer[];
  localStream: MediaStream;
  events: PeerEvents;
  PeerImpl?: new (config: RTCConfiguration) => RTCPeerConnection;
}

/** Longest wait for a state change that is due before a connection is closed anyway. */
export const PEER_CLOSE_SETTLE_MS = 1000;

/** The connection state that an ICE state leads to; it lags behind it (DTLS comes after ICE). */
const CONNECTION_STATE_OF: Record<RTCIceConnectionState, RTCPeerConnectionState> = {
  new: 'new',
  checking: 'connecting',
  connected: 'connected',
  completed: 'connected',
  disconnected: 'disconnected',
  failed: 'failed',
  closed: 'closed',
};

/**
 * Closes `pc` when no state-change event is waiting to be dispatched.
 * Chromium queues `connectionstatechange` and `icegatheringstatechange` with a
 * strong handle to the connection, and a connection closed while one is queued
 * never dispatches it: that connection, its senders (the camera's tracks) and
 * receivers stay alive until the page goes. Closing from the event's own
 * handler is safe (the queue has been taken by then), so while such an event
 * is due (the ICE state is ahead of the connection state, or candidates are
 * still being gathered) the close waits for it, at most PEER_CLOSE_SETTLE_MS.
 */
export function closeWhenSettled(pc: RTCPeerConnection): void {
  const due = pc.iceGatheringState === 'gathering' || pc.connectionState !== CONNECTION_STATE_OF[pc.iceConnectionState];
  if (!due) {
    pc.close();
    return;
  }
  const close = () => {
    clearTimeout(timer);
    pc.onconnectionstatechange = pc.onicegatheringstatechange = null;
    pc.close();
  };
  const timer = setTimeout(close, PEER_CLOSE_SETTLE_MS);
  pc.onconnectionstatechange = pc.onicegatheringstatechange = close;
}

/** Opens an RTCPeerConnection carrying the local camera and microphone. */
export function createPeerSession({ iceServers, localStream, events, PeerImpl = RTCPeerConnection }: PeerOptions): PeerSession {
  const pc = new PeerImpl({ iceServers });
  const held: RTCIceCandidateInit[] = [];
  let remote: MediaStream | null = null;
  let reported: 'connected' | 'lost' | null = null;
  let closed = false;

  localStream.getTracks().forEach((track) => pc.addTrack(track, localStream));

  const report = (state: 'connected' | 'lost') => {
    if (closed || reported === state || reported === 'lost') return;
    reported = state;
    events.onState(state);
  };

  pc.onicecandidate = ({ candidate }) => {
    if (candidate) events.onCandidate(candidate.toJSON());
  };
  pc.ontrack = ({ track, streams }) => {
    const stream = streams[0] ?? remote ?? new MediaStream();
    if (!stream.getTracks().includes(track)) stream.addTrack(track);
    if (stream !== remote) {
      remote = stream;
      events.onRemoteStream(stream);
    }
  };
  pc.oniceconnectionstatechange = () => {
    const state = pc.iceConnectionState;
    if (state === 'connected' || state === 'completed') report('connected');
    else if (state === 'failed' || state === 'closed') report('lost');
  };

  return {
    async answer(offer) {
      await pc.setRemoteDescription(offer);
      for (const candidate of held.splice(0)) await pc.addIceCandidate(candidate);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      return { type: answer.type, sdp: answer.sdp };
    },
    async addCandidate(candidate) {
      if (!pc.remoteDescription) held.push(candidate);
      else await pc.addIceCandidate(candidate);
    },
    close() {
      if (closed) return;
      closed = true;
      pc.onicecandidate = pc.ontrack = pc.oniceconnectionstatechange = null;
      closeWhenSettled(pc);
    },
  };
}
