// The phone at the far end of a phone leg, for a page of the simulator's own
// origin (the twins' far-end sockets accept no other): a real
// RTCPeerConnection with this page's microphone on a twin's far-end socket
// (docs/calls.md). Both twins speak one protocol to it:
// - the Telnyx WebRTC twin (`/telnyx-rtc/far-end`) rings it with
//   `{ type: 'ring', callID }` when the back end dials the kiosk; picking up
//   sends an offer, which the twin makes the gateway's invite;
// - the Twilio Voice twin (`/twilio-voice/far-end`) passes it the kiosk's
//   invite `{ type: 'invite', callID, sdp }`; picking up sends the answer.
// Descriptions go complete (the gateways carry no trickled candidates); either
// side ends with `{ type: 'bye', callID }`. The console plays the SIP leg's
// phone with it; the end-to-end tests play both.

/**
 * @param {{ socketPath: string, onChange?: () => void }} options
 *   `onChange` runs whenever `view()` has something new to show.
 */
export function createPhone({ socketPath, onChange = () => {} }) {
  const ws = new WebSocket(`${location.origin.replace('http', 'ws')}${socketPath}`);
  const opened = new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  /** 'idle', 'ringing', 'offered', 'answered', 'connected', 'ended by the kiosk', 'hung up' */
  let state = 'idle';
  let callID = null;
  /** The kiosk's offer, on the voice leg. */
  let offer = null;
  let pc = null;
  let stream = null;
  let kioskAudioBytes = 0;
  let statsTimer = null;

  const set = (next) => {
    state = next;
    onChange();
  };
  const release = () => {
    clearInterval(statsTimer);
    pc?.close();
    stream?.getTracks().forEach((track) => track.stop());
    pc = null;
    stream = null;
  };

  /** The kiosk's audio arriving: inbound RTP bytes. */
  async function readAudioBytes() {
    let bytes = 0;
    (await pc?.getStats())?.forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') bytes += report.bytesReceived ?? 0;
    });
    kioskAudioBytes = bytes;
    onChange();
    return bytes;
  }

  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if ((message.type === 'ring' || message.type === 'invite') && !['offered', 'answered', 'connected'].includes(state)) {
      release();
      callID = message.callID;
      offer = message.sdp ?? null;
      kioskAudioBytes = 0;
      set('ringing');
    } else if (message.callID !== callID) {
      return;
    } else if (message.type === 'answer') {
      void pc?.setRemoteDescription({ type: 'answer', sdp: message.sdp });
    } else if (message.type === 'bye') {
      release();
      set('ended by the kiosk');
    }
  };

  return {
    opened,
    /** Picks up: an offer of its own (SIP leg) or the answer to the kiosk's (voice leg). */
    async answer() {
      if (state !== 'ringing') return;
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      pc = new RTCPeerConnection();
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
      pc.onconnectionstatechange = () => {
        if (pc?.connectionState !== 'connected') return;
        statsTimer = setInterval(readAudioBytes, 1000);
        set('connected');
      };
      if (offer !== null) await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      await pc.setLocalDescription();
      await new Promise((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve();
        pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
      });
      ws.send(JSON.stringify({ type: pc.localDescription.type, callID, sdp: pc.localDescription.sdp }));
      if (state === 'ringing') set(offer === null ? 'offered' : 'answered');
    },
    /** Hangs up: the twin tells the kiosk (a bye, a hangup). */
    hangUp() {
      if (callID === null) return;
      ws.send(JSON.stringify({ type: 'bye', callID }));
      release();
      set('hung up');
    },
    readAudioBytes,
    view: () => ({ state, callID, kioskAudioBytes }),
  };
}
