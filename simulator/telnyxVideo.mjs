// The Telnyx Video twin: the Janus gateway's side of `@telnyx/video`'s socket
// (create, attach, message, trickle, keepalive, detach, destroy, with Telnyx's
// conventions), so the vendor's own client runs against the simulator. Every
// media negotiation is relayed to a far-end page on a socket of its own: it
// holds the peer connections Janus would (the textroom's data channel, the
// audiobridge's mix, the videoroom's publisher and subscriber) and plays the
// resident in the room (docs/calls.md, "Telnyx Video twin").
import { randomInt } from 'node:crypto';
import { createTwinSockets, isRecord, parseFrame } from './twinSockets.mjs';
import { joinTokenRoom } from './video.mjs';

const PATH = /^\/telnyx-video\/([^/]+)\/janus$/;

/** Telnyx's `display`: base64 of JSON (the SDK's own encoding, UTF-8 safe). */
const display = (value) => Buffer.from(JSON.stringify(value)).toString('base64');
const readDisplay = (value) => {
  try {
    return JSON.parse(Buffer.from(String(value), 'base64').toString());
  } catch {
    return {};
  }
};
const newId = () => randomInt(1, 2 ** 47);

/** The room path of an upgrade, or null when it is not the twin's. */
export const telnyxVideoRoom = (pathname) => PATH.exec(pathname)?.[1] ?? null;

export function createTelnyxVideoServer() {
  /** The SDK's socket (one Janus session per socket), and the far end's (docs/calls.md lists its messages). */
  const twin = createTwinSockets({
    onFarEnd: (message) => handleFarEnd(message),
    handleProtocols: (protocols) => (protocols.has('janus-protocol') ? 'janus-protocol' : false),
  });
  const { wss } = twin;
  /** The resident in each room: `{ participantId, bridgeId, publisherId }`. */
  const residents = new Map();
  /** Open sessions by id: `{ ws, room, handles: Map<id, { plugin, role }> }`. */
  const sessions = new Map();
  /** SDP asked of the far end, by `<session>:<handle>`. */
  const waitingSdp = new Map();
  let answersCreate = true;
  /** `create`s that came while the gateway was told not to answer: answered when it is told to again. */
  let heldCreates = [];

  const send = (ws, message) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const pluginData = (plugin, data) => ({ plugin: `janus.plugin.${plugin}`, data });
  /** Plugin events to every session of a room, on the handles that play `role`. */
  const notify = (room, role, data) => {
    for (const [sessionId, session] of sessions) {
      if (session.room !== room) continue;
      for (const [handleId, handle] of session.handles) {
        if (handle.role === role) send(session.ws, { janus: 'event', session_id: sessionId, sender: handleId, plugindata: pluginData(handle.plugin, data) });
      }
    }
  };
  const residentPublisher = (resident) => ({
    id: resident.publisherId,
    display: display({ participantId: resident.participantId, stream: { id: `${resident.participantId}-camera`, key: 'camera', isAudioEnabled: true, isVideoEnabled: true } }),
    audio_codec: 'opus',
    video_codec: 'vp8',
  });
  const residentParticipants = (resident) =>
    resident ? [{ id: resident.bridgeId, display: display({ participantId: resident.participantId, canReceiveMessages: true }), setup: true, muted: false }] : [];

  /** One Janus request on session `session` (null before `create`). */
  function handle(ws, state, message) {
    if (!isRecord(message) || typeof message.janus !== 'string' || typeof message.transaction !== 'string') return;
    const { janus, transaction } = message;
    const reply = (extra) => send(ws, { session_id: state.sessionId ?? undefined, transaction, ...extra });
    const fail = (code, reason) => reply({ janus: 'error', error: { code, reason } });
    const handleState = state.session?.handles.get(message.handle_id);
    // What the SDK sent, in order (the wire, for tests).
    twin.log({ janus, session_id: message.session_id, role: handleState?.role, request: message.body?.request, plugin: message.plugin });
    // Telnyx's proxy checks the client token on every message.
    if (joinTokenRoom(message.client_token) !== state.room) return send(ws, { status_code: 401, error_message: 'Invalid client token' });
    if (janus === 'create') {
      const create = () => {
        if (ws.readyState !== ws.OPEN) return;
        if (state.session) return fail(403, 'Session already created');
        state.sessionId = newId();
        state.session = { ws, room: state.room, handles: new Map() };
        sessions.set(state.sessionId, state.session);
        reply({ janus: 'success', data: { id: state.sessionId } });
      };
      return answersCreate ? create() : void heldCreates.push(create);
    }
    if (!state.session || message.session_id !== state.sessionId) return fail(458, 'No such session');
    const { session } = state;
    switch (janus) {
      case 'keepalive':
      case 'trickle':
        if (janus === 'trickle' && handleState && isRecord(message.candidate) && !message.candidate.completed) {
          twin.toFarEnd({ type: 'candidate', id: `${state.sessionId}:${message.handle_id}`, candidate: message.candidate });
        }
        return reply({ janus: 'ack' });
      case 'attach': {
        const plugin = String(message.plugin ?? '').replace(/^janus\.plugin\./, '');
        if (!['textroom', 'audiobridge', 'videoroom'].includes(plugin)) return fail(460, `No such plugin ${message.plugin}`);
        const id = newId();
        session.handles.set(id, { plugin, role: plugin === 'textroom' ? 'textroom' : null });
        return reply({ janus: 'success', data: { id } });
      }
      case 'detach':
        if (!handleState) return fail(459, 'No such handle');
        session.handles.delete(message.handle_id);
        twin.toFarEnd({ type: 'close', id: `${state.sessionId}:${message.handle_id}` });
        return reply({ janus: 'success' });
      case 'destroy':
        reply({ janus: 'success' });
        return endSession(state);
      case 'message':
        if (!handleState || !isRecord(message.body)) return fail(459, 'No such handle');
        reply({ janus: 'ack' });
        return void pluginRequest(state, message.handle_id, handleState, message, (data, jsep) =>
          reply({ janus: 'event', sender: message.handle_id, plugindata: pluginData(handleState.plugin, data), ...(jsep ? { jsep } : {}) }),
        ).catch((error) => fail(490, String(error)));
      default:
        return fail(453, `Unknown request '${janus}'`);
    }
  }

  /** Asks the far end for an SDP (an offer, or its answer to `jsep`) for one handle. */
  function farSdp(state, handleId, kind, jsep) {
    const id = `${state.sessionId}:${handleId}`;
    return new Promise((resolve) => {
      waitingSdp.set(id, resolve);
      twin.toFarEnd(jsep ? { type: 'answer-wanted', id, kind, room: state.room, sdp: jsep.sdp } : { type: 'offer-wanted', id, kind, room: state.room });
    });
  }

  /** A plugin's request: what the textroom, audiobridge and videoroom answer. */
  async function pluginRequest(state, handleId, handle, { body, jsep }, event) {
    const resident = residents.get(state.room);
    const info = readDisplay(body.display);
    switch (`${handle.plugin}.${body.request}`) {
      case 'textroom.setup':
        return event({ textroom: 'event', result: 'ok', janus_room_id: state.room }, { type: 'offer', sdp: await farSdp(state, handleId, 'textroom') });
      case 'textroom.ack':
        if (jsep) twin.toFarEnd({ type: 'answer', id: `${state.sessionId}:${handleId}`, sdp: jsep.sdp });
        return event({ textroom: 'event', result: 'ok' });
      case 'audiobridge.join':
        handle.role = info.stream ? 'mixer' : 'register';
        return event({ audiobridge: 'joined', room: state.room, id: newId(), participants: residentParticipants(resident) });
      case 'audiobridge.configure':
        if (!jsep) return event({ audiobridge: 'event', room: state.room, result: 'ok' });
        return event({ audiobridge: 'event', room: state.room, result: 'ok' }, { type: 'answer', sdp: await farSdp(state, handleId, 'mixer', jsep) });
      case 'videoroom.join':
        if (body.ptype === 'subscriber') {
          handle.role = 'subscriber';
          if (!resident || body.feed !== resident.publisherId) return event({ videoroom: 'event', error_code: 428, error: `No such feed (${body.feed})` });
          const offer = await farSdp(state, handleId, 'subscriber');
          return event({ videoroom: 'attached', room: state.room, id: body.feed, display: residentPublisher(resident).display }, { type: 'offer', sdp: offer });
        }
        handle.role = info.stream ? 'publisher' : 'listener';
        return event({ videoroom: 'joined', room: state.room, id: newId(), private_id: newId(), publishers: resident ? [residentPublisher(resident)] : [] });
      case 'videoroom.configure':
        if (!jsep) return event({ videoroom: 'event', room: state.room, configured: 'ok' });
        return event({ videoroom: 'event', room: state.room, configured: 'ok' }, { type: 'answer', sdp: await farSdp(state, handleId, 'publisher', jsep) });
      case 'videoroom.start':
        if (jsep) twin.toFarEnd({ type: 'answer', id: `${state.sessionId}:${handleId}`, sdp: jsep.sdp });
        return event({ videoroom: 'event', room: state.room, started: 'ok' });
      default:
        return event({ [handle.plugin]: 'event', error_code: 499, error: `Unsupported request ${body.request}` });
    }
  }

  function endSession(state) {
    if (!state.session) return;
    for (const handleId of state.session.handles.keys()) {
      twin.toFarEnd({ type: 'close', id: `${state.sessionId}:${handleId}` });
      waitingSdp.delete(`${state.sessionId}:${handleId}`);
    }
    sessions.delete(state.sessionId);
    state.session = null;
  }

  /** The far end: its SDPs, and the resident joining or leaving a room. */
  function handleFarEnd(message) {
    if (!isRecord(message) || typeof message.type !== 'string') return;
    if (message.type === 'sdp' && typeof message.sdp === 'string') {
      waitingSdp.get(message.id)?.(message.sdp);
      return void waitingSdp.delete(message.id);
    }
    const room = String(message.room ?? '');
    if (message.type === 'join' && typeof message.participantId === 'string' && !residents.has(room)) {
      const resident = { participantId: message.participantId, bridgeId: newId(), publisherId: newId() };
      residents.set(room, resident);
      notify(room, 'register', { audiobridge: 'joined', room, participants: residentParticipants(resident) });
      notify(room, 'listener', { videoroom: 'event', room, publishers: [residentPublisher(resident)] });
    } else if (message.type === 'leave' && residents.has(room)) {
      const resident = residents.get(room);
      residents.delete(room);
      notify(room, 'listener', { videoroom: 'event', room, unpublished: resident.publisherId });
      notify(room, 'register', { audiobridge: 'event', room, leaving: resident.bridgeId });
    }
  }

  wss.on('connection', (ws, req) => {
    const state = { room: telnyxVideoRoom(new URL(req.url ?? '/', 'http://twin').pathname), sessionId: null, session: null };
    ws.on('message', (raw) => handle(ws, state, parseFrame(raw)));
    ws.on('close', () => endSession(state));
    ws.on('error', () => ws.terminate());
  });

  return {
    wss,
    farWss: twin.farWss,
    /** False: `create` goes unanswered, as from a gateway that never opens a session; true again answers the ones held. */
    answerCreate(on) {
      answersCreate = Boolean(on);
      if (!answersCreate) return;
      const held = heldCreates;
      heldCreates = [];
      for (const create of held) create();
    },
    received: twin.received,
    /** How many SDK sockets are open. */
    clientCount: twin.clientCount,
    close: twin.close,
  };
}
