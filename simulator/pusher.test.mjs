// @vitest-environment node
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { call, connectPusher, event, openSocket, simulatorForEachTest } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof import('./server.mjs').startSimulator>>} */
let sim;
const { keep } = simulatorForEachTest((started) => (sim = started));

const CHANNEL = 'private-telephone-entry-property-1';

const client = async () => keep(await connectPusher(sim));

/** Subscribes with a signature from the simulator's own auth endpoint, as pusher-js does. */
async function subscribePrivate(socket, channel = CHANNEL) {
  const { body } = await call(sim, '/api/telephone-entry/pusher/auth', {
    method: 'POST', body: { socket_id: socket.socketId, channel_name: channel },
  });
  socket.send({ event: 'pusher:subscribe', data: { channel, auth: body.auth } });
  return socket.next((m) => m.channel === channel);
}

describe('pusher protocol', () => {
  it('establishes the connection with a socket id in a JSON-encoded data string', async () => {
    const socket = await client();
    expect(socket.socketId).toMatch(/^\d+\.\d+$/);
    const other = await client();
    expect(other.socketId).not.toBe(socket.socketId);
  });

  it('rejects an unknown app key with error 4001 and closes', async () => {
    const socket = await openSocket(`${sim.url.replace('http', 'ws')}/app/wrong-key`);
    const closed = once(socket.ws, 'close');
    const error = await socket.next(event('pusher:error'));
    expect(JSON.parse(error.data).code).toBe(4001);
    expect((await closed)[0]).toBe(4001);
  });

  it('subscribes to the private channel with a valid signature', async () => {
    const reply = await subscribePrivate(await client());
    expect(reply.event).toBe('pusher_internal:subscription_succeeded');
    expect(sim.snapshot().connections.channels[CHANNEL]).toBe(1);
  });

  it('refuses a private subscription with a bad signature', async () => {
    const socket = await client();
    socket.send({ event: 'pusher:subscribe', data: { channel: CHANNEL, auth: 'kiosk-local:deadbeef' } });
    const reply = await socket.next((m) => m.channel === CHANNEL);
    expect(reply.event).toBe('pusher:subscription_error');
    expect(JSON.parse(reply.data)).toMatchObject({ type: 'AuthError', status: 401 });
  });

  it('lets anyone subscribe to a public channel, and unsubscribe', async () => {
    const socket = await client();
    socket.send({ event: 'pusher:subscribe', data: { channel: 'lobby' } });
    expect((await socket.next((m) => m.channel === 'lobby')).event).toBe('pusher_internal:subscription_succeeded');
    socket.send({ event: 'pusher:unsubscribe', data: { channel: 'lobby' } });
    await sleep(50);
    expect(sim.snapshot().connections.channels.lobby).toBeUndefined();
  });

  it('answers ping with pong', async () => {
    const socket = await client();
    socket.send({ event: 'pusher:ping', data: {} });
    await socket.next(event('pusher:pong'));
  });

  it('relays client events to the other subscribers only, and records them', async () => {
    const kiosk = await client();
    const resident = await client();
    await subscribePrivate(kiosk);
    await subscribePrivate(resident);
    const sdp = { call_id: 'call-1', sdp: { type: 'offer', sdp: 'v=0' } };
    resident.send({ event: 'client-sdp', channel: CHANNEL, data: sdp });
    const relayed = await kiosk.next(event('client-sdp'));
    expect(relayed.channel).toBe(CHANNEL);
    expect(JSON.parse(relayed.data)).toEqual(sdp);
    await sleep(50);
    expect(resident.inbox.filter(event('client-sdp'))).toEqual([]);
    expect(sim.state.channelEvents).toContainEqual(expect.objectContaining({ source: 'client', event: 'client-sdp', data: sdp }));
  });

  it('refuses client events on channels the socket is not subscribed to', async () => {
    const socket = await client();
    socket.send({ event: 'client-deny', channel: CHANNEL, data: {} });
    expect(JSON.parse((await socket.next(event('pusher:error'))).data).message).toMatch(/Not subscribed/);
  });

  it('answers malformed and oversized frames with pusher:error and keeps the socket', async () => {
    const socket = await client();
    socket.send('{not json');
    await socket.next(event('pusher:error'));
    socket.send({ event: 'client-x', channel: CHANNEL, data: 'x'.repeat(101 * 1024) });
    expect(JSON.parse((await socket.next(event('pusher:error'))).data).message).toMatch(/100 KB/);
    socket.send({ data: {} });
    await socket.next(event('pusher:error'));
    socket.send({ event: 'pusher:ping', data: {} });
    await socket.next(event('pusher:pong'));
  });

  it('delivers server events from the control API to subscribers', async () => {
    const kiosk = await client();
    await subscribePrivate(kiosk);
    const data = { data: { room: 'call-1', connected: true } };
    const res = await call(sim, '/sim/channel-event', { method: 'POST', body: { event: 'sip-message', data } });
    expect(res.body).toEqual({ delivered: 1 });
    const message = await kiosk.next(event('sip-message'));
    expect(message.channel).toBe(CHANNEL);
    expect(JSON.parse(message.data)).toEqual(data);

    await call(sim, '/sim/property', { method: 'PATCH', body: { property: { public_name: 'Elm' }, featureFlags: { telnyx_enabled: true } } });
    await kiosk.next(event('property-updated'));
    expect((await call(sim, '/api/telephone-entry/property')).body.property.public_name).toBe('Elm');
    expect((await call(sim, '/api/feature-flags')).body).toEqual({ telnyx_enabled: true });
  });
});
