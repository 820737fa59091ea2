// The phone at the far end of the SIP leg, played by the console page: on
// the Telnyx WebRTC twin's far-end socket, it rings when the back end dials
// the kiosk, and picking up sends the twin an offer from a real
// RTCPeerConnection with this page's microphone; the twin makes it the
// gateway's invite and relays the kiosk's answer (docs/calls.md). A browser
// module; the socket accepts pages of the simulator's own origin only.

/** @param {{ onChange: () => void }} options `onChange` runs whenever `view()` has something new to show. */
export function createSipPhone({ onChange }) {
  const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/telnyx-rtc/far-end`);
  /** 'idle', 'ringing', 'offered', 'connected', 'ended by the kiosk', 'hung up' */
  let state = 'idle';
  let callID = null;
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

  /** The kiosk's audio arriving: inbound RTP bytes, read once a second while connected. */
  async function readStats() {
    if (!pc) return;
    let bytes = 0;
    (await pc.getStats()).forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') bytes += report.bytesReceived ?? 0;
    });
    kioskAudioBytes = bytes;
    onChange();
  }

  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'ring' && state !== 'offered' && state !== 'connected') {
      release();
      callID = message.callID;
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
    /** Picks up: the offer, complete with its candidates (the gateway's invite carries no trickle). */
    async answer() {
      if (state !== 'ringing') return;
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      pc = new RTCPeerConnection();
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
      pc.onconnectionstatechange = () => {
        if (pc?.connectionState !== 'connected') return;
        statsTimer = setInterval(readStats, 1000);
        set('connected');
      };
      await pc.setLocalDescription(await pc.createOffer());
      await new Promise((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve();
        pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
      });
      ws.send(JSON.stringify({ type: 'offer', callID, sdp: pc.localDescription.sdp }));
      set('offered');
    },
    /** Hangs up: the twin sends the kiosk a bye. */
    hangUp() {
      if (callID === null) return;
      ws.send(JSON.stringify({ type: 'bye', callID }));
      release();
      set('hung up');
    },
    view: () => ({ state, callID, kioskAudioBytes }),
  };
}
