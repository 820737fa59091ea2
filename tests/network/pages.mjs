// Code the test runs in its two pages (each function is serialized by
// Playwright, so it uses nothing from this module's scope).

/**
 * Init script for both pages: every RTCPeerConnection is kept, with the
 * candidates it gathers as the browser finds them (what the kiosk has to
 * send), and `selectedPair` reads the pair ICE chose from getStats.
 */
export function tapPeerConnections() {
  const Native = window.RTCPeerConnection;
  const tapped = {
    peers: [],
    gathered: [],
    async selectedPair(pc) {
      const stats = await pc.getStats();
      let pair = null;
      stats.forEach((report) => {
        if (report.type === 'transport' && report.selectedCandidatePairId) pair = stats.get(report.selectedCandidatePairId);
      });
      if (!pair) return null;
      const side = (id) => {
        const candidate = stats.get(id);
        return candidate && { type: candidate.candidateType, protocol: candidate.protocol, address: candidate.address, port: candidate.port };
      };
      return { state: pair.state, local: side(pair.localCandidateId), remote: side(pair.remoteCandidateId) };
    },
  };
  window.__turnTest = tapped;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      tapped.peers.push(this);
      this.addEventListener('icecandidate', ({ candidate }) => {
        if (candidate?.candidate) tapped.gathered.push({ at: Date.now(), candidate: candidate.candidate });
      });
    }
  };
}

/**
 * The resident's phone: subscribes to the property's channel through soketi
 * (authorized by the simulator) and records every client event it receives,
 * with its receive time. It applies the kiosk's answer and candidates once it
 * has offered (answerCall).
 * @param {{ key: string, host: string, port: number, channelName: string }} options
 */
export async function startFarEnd({ key, host, port, channelName }) {
  // Until released, the phone neither sends its candidates nor applies the kiosk's (releaseCandidates).
  const far = { received: [], errors: [], pc: null, callId: null, held: [], outbox: [], holding: true, channel: null };
  window.__farEnd = far;
  const pusher = new window.Pusher(key, {
    cluster: 'local',
    wsHost: host,
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: { endpoint: '/sim/pusher-auth', transport: 'ajax' },
  });
  pusher.connection.bind('error', (error) => far.errors.push(`connection: ${JSON.stringify(error)}`));
  const channel = pusher.subscribe(channelName);
  far.channel = channel;
  const fail = (error) => far.errors.push(String(error));
  channel.bind_global((event, data) => {
    if (!event.startsWith('client-')) return;
    far.received.push({ at: Date.now(), event, data });
    const { pc } = far;
    if (!pc || data?.call_id !== far.callId) return;
    if (event === 'client-sdp' && data.sdp?.type === 'answer') {
      pc.setRemoteDescription(data.sdp)
        .then(() => (far.holding ? undefined : Promise.all(far.held.splice(0).map((candidate) => pc.addIceCandidate(candidate)))))
        .catch(fail);
    } else if (event === 'client-candidate' && data.candidate) {
      // The kiosk's candidates may come before its answer: held until then.
      if (!pc.remoteDescription || far.holding) far.held.push(data.candidate);
      else pc.addIceCandidate(data.candidate).catch(fail);
    }
  });
  await new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', resolve);
    channel.bind('pusher:subscription_error', (error) => reject(new Error(`The far end's subscription was refused: ${JSON.stringify(error)}`)));
    setTimeout(() => reject(new Error(`The far end is not subscribed after 20 s (connection ${pusher.connection.state}): ${far.errors.join('; ')}`)), 20_000);
  });
}

/** Offers video for `callId` as a phone does, relays only (`config`). @param {{ callId: string, config: RTCConfiguration }} options */
export async function answerCall({ callId, config }) {
  const far = window.__farEnd;
  const pc = new RTCPeerConnection(config);
  far.pc = pc;
  far.callId = callId;
  const send = (event, data) => far.channel.trigger(event, { ...data, call_id: callId, from: 'phone' });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 240, frameRate: 15 }, audio: true });
  stream.getTracks().forEach((track) => pc.addTrack(track, stream));
  far.send = send;
  pc.onicecandidate = ({ candidate }) => {
    if (!candidate) return;
    if (far.holding) far.outbox.push(candidate.toJSON());
    else send('client-candidate', { candidate: candidate.toJSON() });
  };
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  send('client-sdp', { sdp: { type: offer.type, sdp: offer.sdp } });
}

/**
 * Lets ICE start: the phone sends its candidates and applies the kiosk's.
 * Chromium stops gathering once a pair works; on this namespace's instant
 * links the phone's relay would work before the kiosk's own TURN allocations
 * came back, so the kiosk would send fewer candidates than on a real link,
 * where they take round trips. Released once the kiosk has gathered all.
 */
export async function releaseCandidates() {
  const far = window.__farEnd;
  far.holding = false;
  far.outbox.splice(0).forEach((candidate) => far.send('client-candidate', { candidate }));
  if (far.pc.remoteDescription) await Promise.all(far.held.splice(0).map((candidate) => far.pc.addIceCandidate(candidate)));
}

/** The far end's side now: its ICE state, what it received, what went wrong. */
export async function farEndState() {
  const far = window.__farEnd;
  const selected = far.pc && far.pc.iceConnectionState !== 'new' ? await window.__turnTest.selectedPair(far.pc) : null;
  return { ice: far.pc?.iceConnectionState ?? 'none', received: far.received, errors: far.errors, selected };
}

/** The kiosk's side now: the candidates its peer connection gathered, whether it is done, the pair it chose. */
export async function kioskState() {
  const tapped = window.__turnTest;
  const pc = tapped.peers[tapped.peers.length - 1];
  const selected = pc && pc.iceConnectionState !== 'new' ? await tapped.selectedPair(pc) : null;
  return { gathering: pc?.iceGatheringState ?? 'none', ice: pc?.iceConnectionState ?? 'none', gathered: tapped.gathered, selected };
}

/** The resident declines: SPEC's bare client-deny; the kiosk ends the call and sends its hangup. */
export function decline(callId) {
  window.__farEnd.channel.trigger('client-deny', { call_id: callId, open_gate: false });
}
