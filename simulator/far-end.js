// The resident's app, played by the console page: it listens on the
// property's channel like the app does and answers a kiosk's video call over
// a real RTCPeerConnection with this page's camera and microphone
// (docs/calls.md). A browser module; pusher-js is loaded as a global first.

/** The `from` of this far end's client events, as a resident's app names its user. */
export const FAR_END_ID = 'console';
/** Pusher's limit, 10 client events a second a connection, kept as the kiosk keeps it: 10 in any 1.5 s. */
const EVENTS_PER_WINDOW = 10;
const WINDOW_MS = 1500;

/**
 * Sends client events on `channel` within Pusher's limit, in order: an app
 * that sends its candidates in a burst would have its decision refused (4301)
 * when the visitor is let in at once.
 */
function pacedSender(channel) {
  const sentAt = [];
  const queue = [];
  let timer = null;
  const pump = () => {
    timer = null;
    const now = performance.now();
    while (sentAt.length > 0 && sentAt[0] <= now - WINDOW_MS) sentAt.shift();
    while (queue.length > 0 && sentAt.length < EVENTS_PER_WINDOW) {
      const [event, data] = queue.shift();
      channel.trigger(event, data);
      sentAt.push(now);
    }
    if (queue.length > 0) timer = setTimeout(pump, sentAt[0] + WINDOW_MS - now);
  };
  return (event, data) => {
    queue.push([event, data]);
    if (timer === null) pump();
  };
}

/**
 * @param {{ pusherKey: string, pusherPort: number, channelName: string, onChange: () => void }} options
 *   `pusherPort` is soketi's, on this page's host; `onChange` runs whenever `view()` has something new to show.
 */
export function createFarEnd({ pusherKey, pusherPort, channelName, onChange }) {
  const pusher = new window.Pusher(pusherKey, {
    cluster: 'local',
    wsHost: location.hostname,
    wsPort: pusherPort,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: { endpoint: '/sim/pusher-auth', transport: 'ajax' },
  });
  const channel = pusher.subscribe(channelName);
  let subscribed = false;
  let status = 'Connecting to the channel…';
  /** The call being answered: its peer connection, this page's media and the kiosk's. */
  let session = null;

  const show = (text) => {
    status = text;
    onChange();
  };
  const trigger = pacedSender(channel);
  const send = (event, data) => trigger(event, { ...data, from: FAR_END_ID });
  const isMine = (data) => session !== null && data?.call_id === session.callId;

  channel.bind('pusher:subscription_succeeded', () => {
    subscribed = true;
    show('Ready to answer');
  });
  channel.bind('pusher:subscription_error', () => show('The channel refused this console'));

  channel.bind('client-sdp', (data) => {
    if (!isMine(data) || data.sdp?.type !== 'answer') return;
    const { pc, held } = session;
    pc.setRemoteDescription(data.sdp)
      .then(() => Promise.all(held.splice(0).map((candidate) => pc.addIceCandidate(candidate))))
      .catch((error) => show(`The kiosk's answer was refused: ${error.message}`));
  });
  channel.bind('client-candidate', (data) => {
    if (!isMine(data) || !data.candidate) return;
    // The kiosk's candidates can come before its answer: hold them until then.
    if (!session.pc.remoteDescription) return void session.held.push(data.candidate);
    session.pc.addIceCandidate(data.candidate).catch((error) => show(`A kiosk candidate was refused: ${error.message}`));
  });
  channel.bind('client-hangup', (data) => {
    if (isMine(data)) hangUp(`The kiosk ended ${data.call_id}`);
  });

  /** Ends the video call here: tracks stopped, connection closed. */
  function hangUp(reason = 'Hung up') {
    if (!session) return;
    session.stream?.getTracks().forEach((track) => track.stop());
    session.pc.close();
    session = null;
    show(reason);
  }

  /** Offers video to the kiosk for `callId` (one call at a time). */
  async function answer(callId) {
    hangUp();
    const pc = new RTCPeerConnection({ iceServers: [] });
    const current = { callId, pc, held: [], stream: null, remote: null };
    session = current;
    show(`Answering ${callId}…`);
    try {
      // A phone's small preview size: the console often shares two cores with the kiosk and a test runner.
      current.stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 240, frameRate: 15 }, audio: true });
      if (session !== current) return void current.stream.getTracks().forEach((track) => track.stop());
      current.stream.getTracks().forEach((track) => pc.addTrack(track, current.stream));
      pc.onicecandidate = ({ candidate }) => {
        if (candidate) send('client-candidate', { call_id: callId, candidate: candidate.toJSON() });
      };
      pc.ontrack = ({ streams }) => {
        current.remote = streams[0] ?? null;
        onChange();
      };
      pc.oniceconnectionstatechange = () => {
        const state = pc.iceConnectionState;
        if (state === 'connected') show(`Video connected with the kiosk (${callId})`);
        else if (state === 'failed') show(`Video with the kiosk failed (${callId})`);
      };
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      send('client-sdp', { call_id: callId, sdp: { type: offer.type, sdp: offer.sdp } });
      show(`Offered video for ${callId}; waiting for the kiosk`);
    } catch (error) {
      if (session === current) hangUp(`Could not answer: ${error.message}`);
    }
  }

  /**
   * Decides the call it answered, then hangs up. Like many apps it names
   * itself on its offer and candidates but sends SPEC's bare `client-deny`
   * (`call_id`, `open_gate`): the kiosk must take it.
   */
  function decide(openGate) {
    if (!session) return;
    trigger('client-deny', { call_id: session.callId, open_gate: openGate });
    hangUp(openGate ? 'Sent open-gate' : 'Sent deny');
  }

  return {
    answer,
    decide,
    hangUp,
    /** What the console shows: the status line, whether answering is possible, and both sides' media. */
    view: () => ({
      status,
      canAnswer: subscribed,
      callId: session?.callId ?? null,
      local: session?.stream ?? null,
      remote: session?.remote ?? null,
    }),
  };
}
