// The Twilio Voice twin: the signalling server's side of `@twilio/voice-sdk`'s
// socket (`wss://voice-js.<edge>.twilio.com/signal`: JSON frames
// `{ type, version, payload }` and "\n" heartbeats), so the vendor's own
// client places its calls against the simulator. The media is relayed to a
// far-end page on a socket of its own, which holds the phone's real
// RTCPeerConnection (docs/calls.md, "Twilio Voice twin").
import { createTwinSockets, isRecord, parseFrame } from './twinSockets.mjs';

/** The SDK reconnects after 15 s without a frame; the gateway keeps it alive well inside that. */
const HEARTBEAT_MS = 10_000;
/** What the twin answers `listen` with, as Twilio's US edge does. */
const CONNECTED = { region: 'us1', edge: 'ashburn', home: 'us1', token: { identity: 'sim-kiosk', ttl: 3600 } };


/**
 * @param {{ record: (list: string, fields: object) => object, onAnswered: (room: string) => void, heartbeatMs?: number }} options
 *   `record` keeps each invite in the simulator's `voiceCalls` list; `onAnswered`
 *   runs when the far end picks up: the back end then tells the kiosk, on the
 *   channel, that the phone leg is connected (the invite's `room`).
 */
export function createTwilioVoiceServer({ record, onAnswered, heartbeatMs = HEARTBEAT_MS }) {
  /**
   * The SDK's socket, and the far end's, in the phone protocol of the Telnyx twin's far end:
   * `{ type: 'invite' | 'answer' | 'bye', callID, ... }`, the callID being the SDK's callsid.
   */
  const twin = createTwinSockets({ onFarEnd: (message) => handleFarEnd(message) });
  const { wss } = twin;
  /** Calls by callsid: the SDK's socket and the invite's parameters. */
  const calls = new Map();
  let answersListen = true;
  let answersInvite = true;

  const send = (ws, type, payload) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type, version: '1.6', payload }));
  };
  const sendError = (ws, code, message, callsid) => send(ws, 'error', { ...(callsid ? { callsid } : {}), error: { code, message } });
  const endCall = (callsid) => calls.delete(callsid);

  /** The kiosk side: one signalling frame. */
  function handle(ws, raw) {
    if (raw.toString() === '\n') return; // the SDK's echo of our heartbeat
    const message = parseFrame(raw);
    if (!isRecord(message) || typeof message.type !== 'string') return sendError(ws, 31100, 'Malformed frame');
    const payload = isRecord(message.payload) ? message.payload : {};
    // What the clients sent, in order (the wire, for tests).
    twin.log({ type: message.type, payload });
    switch (message.type) {
      case 'listen':
        if (typeof payload.token !== 'string' || payload.token === '') return sendError(ws, 31204, 'AccessTokenInvalid');
        return answersListen ? send(ws, 'connected', CONNECTED) : undefined;
      case 'invite': {
        const { callsid, sdp } = payload;
        if (typeof callsid !== 'string' || typeof sdp !== 'string') return sendError(ws, 31100, 'An invite needs a callsid and an SDP offer');
        if (payload.reconnect !== undefined) return sendError(ws, 31100, 'Signalling reconnection is not played', callsid);
        const params = Object.fromEntries(new URLSearchParams(typeof payload.twilio?.params === 'string' ? payload.twilio.params : ''));
        record('voiceCalls', { callsid, params });
        if (!answersInvite) return;
        calls.set(callsid, { ws, room: params.room ?? '' });
        // The far end is being called: as Twilio does with answerOnBridge.
        send(ws, 'ringing', { callsid });
        return twin.toFarEnd({ type: 'invite', callID: callsid, sdp, params });
      }
      case 'hangup':
        if (typeof payload.callsid === 'string' && endCall(payload.callsid)) twin.toFarEnd({ type: 'bye', callID: payload.callsid });
        return;
      case 'reinvite':
        return; // ICE restarts are not played: the call stays as it is.
      default:
        return sendError(ws, 31100, `Unknown message type: ${message.type}`);
    }
  }

  /** The far end: its answer and its hang-up go to the kiosk. */
  function handleFarEnd(message) {
    if (!isRecord(message) || typeof message.callID !== 'string') return;
    const { callID: callsid } = message;
    const call = calls.get(callsid);
    if (!call) return;
    if (message.type === 'answer' && typeof message.sdp === 'string') {
      send(call.ws, 'answer', { callsid, sdp: message.sdp });
      onAnswered(call.room);
    } else if (message.type === 'bye') {
      endCall(callsid);
      send(call.ws, 'hangup', { callsid });
    }
  }

  wss.on('connection', (ws) => {
    const heartbeat = setInterval(() => ws.readyState === ws.OPEN && ws.send('\n'), heartbeatMs);
    ws.on('message', (raw) => handle(ws, raw));
    ws.on('close', () => {
      clearInterval(heartbeat);
      // A client gone is a call gone: the far end is told.
      for (const [callsid, call] of calls) if (call.ws === ws && endCall(callsid)) twin.toFarEnd({ type: 'bye', callID: callsid });
    });
    ws.on('error', () => ws.terminate());
  });

  return {
    wss,
    farWss: twin.farWss,
    /** False: `listen` goes unanswered, as from a gateway that never accepts the client. */
    answerListen(on) {
      answersListen = Boolean(on);
    },
    /** False: invites are recorded but never answered (no ringing, no answer). */
    answerInvite(on) {
      answersInvite = Boolean(on);
    },
    received: twin.received,
    /** How many clients hold the signalling socket open. */
    clientCount: twin.clientCount,
    close: twin.close,
  };
}
