// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { simulatorForEachTest } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof import('./server.mjs').startSimulator>>} */
let sim;
const { open } = simulatorForEachTest((started) => (sim = started));

/** A join token as the simulator's video provider issues them. */
const tokenFor = (room) => Buffer.from(JSON.stringify({ kind: 'join', room, n: 1 })).toString('base64url');
const display = (value) => Buffer.from(JSON.stringify(value)).toString('base64');
const decoded = (value) => JSON.parse(Buffer.from(value, 'base64').toString());

/** The SDK's side: Janus requests with the client token, answered by transaction. */
async function sdkClient(room = 'room-1') {
  const ws = await open(`/telnyx-video/${room}/janus`);
  let n = 0;
  /** Set once `create` is answered. */
  const session = { id: undefined };
  /** Sends a request; resolves with the reply of `kind` ('success', 'ack', 'event', 'error') for it. */
  const request = async (janus, fields = {}, kind = 'success') => {
    const transaction = `t${++n}`;
    ws.send({ janus, transaction, client_token: tokenFor(room), ...(session.id ? { session_id: session.id } : {}), ...fields });
    return ws.next((m) => m.transaction === transaction && m.janus === kind);
  };
  session.id = (await request('create')).data.id;
  const attach = async (plugin) => (await request('attach', { plugin: `janus.plugin.${plugin}` })).data.id;
  const message = (handle_id, body, jsep) => request('message', { handle_id, body, ...(jsep ? { jsep } : {}) }, 'event');
  return { ws, sessionId: session.id, request, attach, message };
}

describe('Telnyx Video twin', () => {
  it('opens a Janus session for a join token of its room, keeps it alive, and answers proxy errors as Telnyx does', async () => {
    const sdk = await sdkClient();
    expect(Number.isInteger(sdk.sessionId) && sdk.sessionId > 0).toBe(true);
    expect(await sdk.request('keepalive', {}, 'ack')).toMatchObject({ janus: 'ack', session_id: sdk.sessionId });

    sdk.ws.send({ janus: 'keepalive', transaction: 'x', session_id: sdk.sessionId, client_token: tokenFor('room-2') });
    expect(await sdk.ws.next((m) => 'status_code' in m)).toEqual({ status_code: 401, error_message: 'Invalid client token' });
    sdk.ws.send({ janus: 'keepalive', transaction: 'y', session_id: 42, client_token: tokenFor('room-1') });
    expect((await sdk.ws.next((m) => m.transaction === 'y')).error).toEqual({ code: 458, reason: 'No such session' });
    expect((await sdk.request('attach', { plugin: 'janus.plugin.echotest' }, 'error')).error.code).toBe(460);
    expect(sim.telnyxVideo.clientCount()).toBe(1);
  });

  it('relays each plugin negotiation to the far end: the textroom and the subscription offered, the mix and the publisher answered', async () => {
    const far = await open('/telnyx-video/far-end');
    const sdk = await sdkClient();
    // The textroom: the far end offers the data channel, the SDK's answer goes back.
    const text = await sdk.attach('textroom');
    const setup = sdk.message(text, { request: 'setup', room: 'room-1' });
    const offerWanted = await far.next((m) => m.type === 'offer-wanted');
    expect(offerWanted).toEqual({ type: 'offer-wanted', id: `${sdk.sessionId}:${text}`, kind: 'textroom', room: 'room-1' });
    far.send({ type: 'sdp', id: offerWanted.id, sdp: 'v=0 datachannel offer' });
    const setupReply = await setup;
    expect(setupReply.plugindata).toEqual({ plugin: 'janus.plugin.textroom', data: { textroom: 'event', result: 'ok', janus_room_id: 'room-1' } });
    expect(setupReply.jsep).toEqual({ type: 'offer', sdp: 'v=0 datachannel offer' });
    await sdk.message(text, { request: 'ack' }, { type: 'answer', sdp: 'v=0 kiosk answer' });
    expect(await far.next((m) => m.type === 'answer')).toEqual({ type: 'answer', id: offerWanted.id, sdp: 'v=0 kiosk answer' });
    await sdk.request('trickle', { handle_id: text, candidate: { candidate: 'candidate:1', sdpMid: '0' } }, 'ack');
    expect(await far.next((m) => m.type === 'candidate')).toEqual({ type: 'candidate', id: offerWanted.id, candidate: { candidate: 'candidate:1', sdpMid: '0' } });

    // The audiobridge: a muted participant, then the mixer whose offer the far end answers.
    const register = await sdk.attach('audiobridge');
    const joined = await sdk.message(register, { request: 'join', room: 'room-1', display: display({ participantId: 'kiosk' }), muted: true });
    expect(joined.plugindata.data).toMatchObject({ audiobridge: 'joined', room: 'room-1', id: expect.any(Number), participants: [] });
    const mixer = await sdk.attach('audiobridge');
    await sdk.message(mixer, { request: 'join', room: 'room-1', display: display({ participantId: 'kiosk', stream: { key: 'audiobridge' } }) });
    const configured = sdk.message(mixer, { request: 'configure' }, { type: 'offer', sdp: 'v=0 audio offer' });
    const answerWanted = await far.next((m) => m.type === 'answer-wanted');
    expect(answerWanted).toMatchObject({ kind: 'mixer', sdp: 'v=0 audio offer' });
    far.send({ type: 'sdp', id: answerWanted.id, sdp: 'v=0 mix answer' });
    expect((await configured).jsep).toEqual({ type: 'answer', sdp: 'v=0 mix answer' });

    // The resident joins: announced as a participant and a publisher, whose camera the far end offers.
    const listener = await sdk.attach('videoroom');
    await sdk.message(listener, { request: 'join', room: 'room-1', ptype: 'publisher', display: display({ participantId: 'kiosk' }) });
    far.send({ type: 'join', room: 'room-1', participantId: 'resident-app' });
    const arrived = await sdk.ws.next((m) => m.sender === register && !m.transaction);
    expect(decoded(arrived.plugindata.data.participants[0].display)).toEqual({ participantId: 'resident-app', canReceiveMessages: true });
    const published = await sdk.ws.next((m) => m.sender === listener && !m.transaction);
    const [publisher] = published.plugindata.data.publishers;
    expect(decoded(publisher.display)).toMatchObject({ participantId: 'resident-app', stream: { key: 'camera' } });

    const subscriber = await sdk.attach('videoroom');
    const attached = sdk.message(subscriber, { request: 'join', room: 'room-1', ptype: 'subscriber', feed: publisher.id, audio: true, video: true });
    const cameraWanted = await far.next((m) => m.type === 'offer-wanted');
    expect(cameraWanted.kind).toBe('subscriber');
    far.send({ type: 'sdp', id: cameraWanted.id, sdp: 'v=0 camera offer' });
    expect(await attached).toMatchObject({ plugindata: { data: { videoroom: 'attached', id: publisher.id } }, jsep: { type: 'offer', sdp: 'v=0 camera offer' } });
    expect((await sdk.message(subscriber, { request: 'start', room: 'room-1' }, { type: 'answer', sdp: 'v=0 a' })).plugindata.data).toEqual({ videoroom: 'event', room: 'room-1', started: 'ok' });
    expect(await far.next((m) => m.type === 'answer' && m.id === cameraWanted.id)).toMatchObject({ sdp: 'v=0 a' });
    const unknownFeed = await sdk.message(await sdk.attach('videoroom'), { request: 'join', room: 'room-1', ptype: 'subscriber', feed: 1 });
    expect(unknownFeed.plugindata.data.error_code).toBe(428);

    // The resident leaves: unpublished, then leaving.
    far.send({ type: 'leave', room: 'room-1' });
    expect((await sdk.ws.next((m) => m.sender === listener && m.plugindata.data.unpublished)).plugindata.data.unpublished).toBe(publisher.id);
    expect((await sdk.ws.next((m) => m.sender === register && m.plugindata.data.leaving)).plugindata.data.leaving).toBe(arrived.plugindata.data.participants[0].id);
  });

  it('a detach closes that handle at the far end, a destroy every other one; the wire is recorded', async () => {
    const far = await open('/telnyx-video/far-end');
    const sdk = await sdkClient();
    const first = await sdk.attach('videoroom');
    const second = await sdk.attach('audiobridge');
    await sdk.request('detach', { handle_id: first });
    expect(await far.next((m) => m.type === 'close')).toEqual({ type: 'close', id: `${sdk.sessionId}:${first}` });
    await sdk.request('destroy');
    expect(await far.next((m) => m.type === 'close')).toEqual({ type: 'close', id: `${sdk.sessionId}:${second}` });
    expect((await sdk.request('keepalive', {}, 'error')).error.code).toBe(458);
    expect(sim.telnyxVideo.received().map((m) => m.janus)).toEqual(['create', 'attach', 'attach', 'detach', 'destroy', 'keepalive']);
  });

  it('a gateway told not to answer `create` leaves the SDK waiting, and answers it once told to again', async () => {
    sim.telnyxVideo.answerCreate(false);
    const ws = await open('/telnyx-video/room-1/janus');
    ws.send({ janus: 'create', transaction: 'c1', client_token: tokenFor('room-1') });
    await expect(ws.next(() => true, 300)).rejects.toThrow('No matching message in time');
    expect(sim.telnyxVideo.received()).toEqual([{ janus: 'create' }]);
    sim.telnyxVideo.answerCreate(true);
    const created = await ws.next((m) => m.transaction === 'c1');
    expect(created.janus).toBe('success');
    expect(Number.isInteger(created.data.id)).toBe(true);
  });
});
