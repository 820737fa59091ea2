// The Telnyx WebRTC twin: the SIP gateway's side of `@telnyx/webrtc`'s
// JSON-RPC 2.0 socket (`telnyx_rtc.*` methods), so the vendor's own client
// runs against the simulator. The media negotiation is relayed to a far-end
// page on a socket of its own, which holds the phone's real RTCPeerConnection
// (docs/calls.md, "Telnyx WebRTC twin").
import { randomUUID } from 'node:crypto';
import { createTwinSockets, isRecord, parseFrame } from './twinSockets.mjs';



/**
 * @param {{ onAnswered: (intercomCallId: string) => void }} options
 *   `onAnswered` runs when the kiosk answers a call the back end put through:
 *   the back end then tells the kiosk the phone leg is connected.
 */
export function createTelnyxRtcServer({ onAnswered }) {
  /** The SDK's socket, and the far end's: `{ type: 'ring' | 'offer' | 'answer' | 'bye', callID, ... }` both ways. */
  const twin = createTwinSockets({ onFarEnd: (message) => handleFarEnd(message) });
  const { wss } = twin;
  /** Logged-in clients by SIP user. */
  const clients = new Map();
  /** Calls by callID: which client, which intercom call. */
  const calls = new Map();
  let answersLogin = true;

  const send = (ws, message) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ jsonrpc: '2.0', ...message }));
  };

  /** The kiosk side: one JSON-RPC request or answer. */
  function handle(ws, message) {
    if (!isRecord(message) || message.jsonrpc !== '2.0') return send(ws, { id: null, error: { code: -32600, message: 'Invalid Request' } });
    const { id, method } = message;
    if (method === undefined) return; // the SDK's answer to one of our requests
    const params = isRecord(message.params) ? message.params : {};
    // What the clients sent, in order (the wire, for tests).
    twin.log({ method, params });
    const result = (value = {}) => send(ws, { id, result: value });
    const call = calls.get(params.dialogParams?.callID ?? params.callID);
    switch (method) {
      case 'login': {
        if (typeof params.login !== 'string') return send(ws, { id, error: { code: -32602, message: 'login needs a SIP user' } });
        if (!answersLogin) return;
        const sessid = randomUUID();
        clients.set(params.login, ws);
        ws.sipUser = params.login;
        result({ message: 'logged in', sessid });
        // As the gateway does: the client then asks for its registration state.
        return send(ws, { id: randomUUID(), method: 'telnyx_rtc.clientReady', params: {} });
      }
      case 'telnyx_rtc.gatewayState':
        return result({ params: { state: 'REGED' } });
      case 'telnyx_rtc.ping':
        return result({});
      case 'telnyx_rtc.answer':
        if (!call) return send(ws, { id, error: { code: -32002, message: 'CALL DOES NOT EXIST' } });
        result({ callID: call.callID });
        twin.toFarEnd({ type: 'answer', callID: call.callID, sdp: params.sdp });
        return onAnswered(call.intercomCallId);
      case 'telnyx_rtc.bye':
        result({ callID: call?.callID });
        if (call) calls.delete(call.callID);
        return call && twin.toFarEnd({ type: 'bye', callID: call.callID });
      case 'telnyx_rtc.modify':
        // Hold and ICE restarts are not played: the call stays as it is.
        return result({ callID: call?.callID, action: params.action, holdState: 'active' });
      default:
        return send(ws, { id, error: { code: -32601, message: `Method not found: ${method}` } });
    }
  }

  /** The far end: its offer becomes the gateway's invite, its hang-up a bye. */
  function handleFarEnd(message) {
    if (!isRecord(message) || typeof message.callID !== 'string') return;
    const call = calls.get(message.callID);
    if (!call) return;
    const ws = clients.get(call.username);
    if (message.type === 'offer' && typeof message.sdp === 'string' && ws) {
      send(ws, {
        id: randomUUID(),
        method: 'telnyx_rtc.invite',
        params: { callID: call.callID, sdp: message.sdp, caller_id_name: call.to, caller_id_number: call.to, callee_id_name: call.username, callee_id_number: call.username },
      });
    } else if (message.type === 'bye') {
      calls.delete(call.callID);
      if (ws) send(ws, { id: randomUUID(), method: 'telnyx_rtc.bye', params: { callID: call.callID, cause: 'NORMAL_CLEARING', causeCode: 16 } });
    }
  }

  wss.on('connection', (ws) => {
    ws.on('message', (raw) => handle(ws, parseFrame(raw)));
    ws.on('close', () => {
      if (clients.get(ws.sipUser) === ws) clients.delete(ws.sipUser);
    });
    ws.on('error', () => ws.terminate());
  });

  return {
    wss,
    farWss: twin.farWss,
    /**
     * The back end dials the kiosk's SIP user (`POST sip-call`): the far end is
     * asked for an offer, which becomes the invite. Returns the call's id.
     * @param {{ username: string, intercomCallId: string, to: string }} dial
     */
    dial({ username, intercomCallId, to }) {
      const callID = randomUUID();
      calls.set(callID, { callID, username, intercomCallId, to: String(to ?? '') });
      twin.toFarEnd({ type: 'ring', callID, username });
      return callID;
    },
    /** False: `login` goes unanswered, as from a gateway that never registers the client. */
    answerLogin(on) {
      answersLogin = Boolean(on);
    },
    received: twin.received,
    /** How many SIP clients hold the socket open. */
    clientCount: twin.clientCount,
    close: twin.close,
  };
}
