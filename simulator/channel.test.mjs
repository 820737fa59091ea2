// @vitest-environment node
// The property's channel on soketi: what the kiosk and the resident's app see
// of it, and what the back end records of it.
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

/** Waits until the simulator counts `count` subscribers of the property's channel (its own member left out). */
async function subscribers(count) {
  for (let waited = 0; (sim.snapshot().connections.channels[CHANNEL] ?? 0) !== count; waited += 20) {
    if (waited > 2_000) throw new Error(`${CHANNEL} has ${sim.snapshot().connections.channels[CHANNEL] ?? 0} subscribers, not ${count}`);
    await sleep(20);
  }
}

describe('the channel on soketi', () => {
  it('establishes the connection with a socket id in a JSON-encoded data string', async () => {
    const socket = await client();
    expect(socket.socketId).toMatch(/^\d+\.\d+$/);
    const other = await client();
    expect(other.socketId).not.toBe(socket.socketId);
  });

  it('rejects an unknown app key with error 4001 and closes', async () => {
    const socket = await openSocket(`${sim.pusherUrl}/app/wrong-key`);
    const closed = once(socket.ws, 'close');
    const error = await socket.next(event('pusher:error'));
    expect(error.data.code).toBe(4001);
    expect((await closed)[0]).toBe(4001);
  });

  it('subscribes to the private channel with a valid signature, and counts it', async () => {
    const reply = await subscribePrivate(await client());
    expect(reply.event).toBe('pusher_internal:subscription_succeeded');
    await subscribers(1);
  });

  it('refuses a private subscription with a bad signature', async () => {
    const socket = await client();
    socket.send({ event: 'pusher:subscribe', data: { channel: CHANNEL, auth: 'kiosk-local:deadbeef' } });
    const reply = await socket.next((m) => m.channel === CHANNEL);
    expect(reply.event).toBe('pusher:subscription_error');
    expect(reply.data).toMatchObject({ type: 'AuthError', status: 401 });
  });

  it('lets anyone subscribe to a public channel, and unsubscribe', async () => {
    const socket = await client();
    socket.send({ event: 'pusher:subscribe', data: { channel: 'lobby' } });
    expect((await socket.next((m) => m.channel === 'lobby')).event).toBe('pusher_internal:subscription_succeeded');
    for (let waited = 0; sim.snapshot().connections.channels.lobby !== 1; waited += 20) {
      if (waited > 2_000) throw new Error('lobby not counted');
      await sleep(20);
    }
    socket.send({ event: 'pusher:unsubscribe', data: { channel: 'lobby' } });
    for (let waited = 0; sim.snapshot().connections.channels.lobby !== undefined; waited += 20) {
      if (waited > 2_000) throw new Error('lobby still counted');
      await sleep(20);
    }
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
    await subscribers(2);
    const sdp = { call_id: 'call-1', sdp: { type: 'offer', sdp: 'v=0' } };
    resident.send({ event: 'client-sdp', channel: CHANNEL, data: sdp });
    const relayed = await kiosk.next(event('client-sdp'));
    expect(relayed.channel).toBe(CHANNEL);
    expect(relayed.data).toEqual(sdp);
    await sleep(50);
    expect(resident.inbox.filter(event('client-sdp'))).toEqual([]);
    expect(sim.state.channelEvents).toContainEqual(expect.objectContaining({ source: 'client', event: 'client-sdp', data: sdp, delivered: 1 }));
  });

  it('does not relay client events from a socket that is not subscribed', async () => {
    const kiosk = await client();
    await subscribePrivate(kiosk);
    const stranger = await client();
    stranger.send({ event: 'client-deny', channel: CHANNEL, data: { call_id: 'call-1', open_gate: true } });
    await sleep(200);
    expect(kiosk.inbox.filter(event('client-deny'))).toEqual([]);
    expect(sim.state.channelEvents).toEqual([]);
  });

  it('delivers server events from the control API to subscribers, JSON-encoded, and not to the back end itself', async () => {
    const kiosk = await client();
    await subscribePrivate(kiosk);
    await subscribers(1);
    const data = { data: { room: 'call-1', connected: true } };
    const res = await call(sim, '/sim/channel-event', { method: 'POST', body: { event: 'sip-message', data } });
    expect(res.body).toEqual({ delivered: 1 });
    const message = await kiosk.next(event('sip-message'));
    expect(message.channel).toBe(CHANNEL);
    expect(JSON.parse(message.data)).toEqual(data);

    await call(sim, '/sim/property', { method: 'PATCH', body: { property: { public_name: 'Elm' } } });
    await kiosk.next(event('property-updated'));
    expect((await call(sim, '/api/telephone-entry/property')).body.property.public_name).toBe('Elm');
    // A server event named client-… (the far end's deny, played by the back end) is not recorded as a member's.
    sim.channelEvent('client-deny', { call_id: 'call-1', open_gate: false });
    await kiosk.next(event('client-deny'));
    await sleep(100);
    expect(sim.state.channelEvents.filter((e) => e.source === 'client')).toEqual([]);
  });
});

describe("Pusher's limits, as soketi enforces them", () => {
  it('refuses the 11th client event within a second with pusher:error 4301, and relays the first 10', async () => {
    const kiosk = await client();
    const resident = await client();
    await subscribePrivate(kiosk);
    await subscribePrivate(resident);
    for (let i = 0; i < 11; i += 1) kiosk.send({ event: 'client-candidate', channel: CHANNEL, data: { call_id: 'call-1', i } });
    const refused = await kiosk.next(event('pusher:error'));
    expect(refused).toEqual({
      event: 'pusher:error',
      channel: CHANNEL,
      data: { code: 4301, message: 'The rate limit for sending client events exceeded the quota.' },
    });
    await sleep(200);
    expect(resident.inbox.filter(event('client-candidate')).map((m) => m.data.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('refuses an event over 10 KB with pusher:error 4301 and relays one of 10 KB', async () => {
    const kiosk = await client();
    const resident = await client();
    await subscribePrivate(kiosk);
    await subscribePrivate(resident);
    // soketi weighs the JSON of `data`: {"s":"…"} wraps the padding in 8 bytes.
    kiosk.send({ event: 'client-sdp', channel: CHANNEL, data: { s: 'x'.repeat(10 * 1024 - 8 + 1) } });
    expect(await kiosk.next(event('pusher:error'))).toEqual({
      event: 'pusher:error',
      channel: CHANNEL,
      data: { code: 4301, message: 'The event data should be less than 10 KB.' },
    });
    kiosk.send({ event: 'client-sdp', channel: CHANNEL, data: { s: 'x'.repeat(10 * 1024 - 8) } });
    expect((await resident.next(event('client-sdp'))).data.s).toHaveLength(10 * 1024 - 8);
    expect(kiosk.inbox.filter(event('pusher:error'))).toEqual([]);
  });
});

describe('soketi restarted', () => {
  it('loses every subscription, and the back end hears client events again once it is back', async () => {
    const kiosk = await client();
    await subscribePrivate(kiosk);
    await subscribers(1);
    await sim.stopPusher();
    expect(sim.snapshot().connections.channels).toEqual({});
    expect(sim.propertyUpdated()).toBe(0);
    await sim.startPusher();
    const again = await client();
    await subscribePrivate(again);
    await subscribers(1);
    const resident = await client();
    await subscribePrivate(resident);
    resident.send({ event: 'client-hangup', channel: CHANNEL, data: { call_id: 'call-1' } });
    await again.next(event('client-hangup'));
    for (let waited = 0; !sim.state.channelEvents.some((e) => e.event === 'client-hangup'); waited += 20) {
      if (waited > 2_000) throw new Error('the back end did not hear client-hangup');
      await sleep(20);
    }
  });
});
