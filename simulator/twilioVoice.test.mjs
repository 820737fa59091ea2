// @vitest-environment node
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { simulatorForEachTest } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof import('./server.mjs').startSimulator>>} */
let sim;
const { open } = simulatorForEachTest((started) => (sim = started));

/** A frame as the SDK's PStream sends it. */
const frame = (type, payload) => ({ type, version: '1.6', payload });
const PARAMS = 'room=call-1&apiUrl=http%3A%2F%2F127.0.0.1&lbtoken=demo-token&To=%2B15552000000';

/** A client as the SDK connects for an outgoing call: `listen`, answered with `connected`. */
async function listening() {
  const kiosk = await open('/twilio-voice');
  kiosk.send(frame('listen', { token: 'sim-twiml-token', browserinfo: {}, reconnectTimeout: 0 }));
  const connected = await kiosk.next((m) => m.type === 'connected');
  expect(connected.payload).toEqual({ region: 'us1', edge: 'ashburn', home: 'us1', token: { identity: 'sim-kiosk', ttl: 3600 } });
  return kiosk;
}

describe('Twilio Voice twin', () => {
  it('records the invite, rings, relays it to the far end and its answer back, and says the phone leg is connected', async () => {
    const kiosk = await listening();
    const farEnd = await open('/twilio-voice/far-end');
    kiosk.send(frame('invite', { callsid: 'TJ1', sdp: 'v=0 offer', twilio: { params: PARAMS } }));
    expect(await kiosk.next((m) => m.type === 'ringing')).toEqual(frame('ringing', { callsid: 'TJ1' }));
    const params = { room: 'call-1', apiUrl: 'http://127.0.0.1', lbtoken: 'demo-token', To: '+15552000000' };
    expect(await farEnd.next((m) => m.type === 'invite')).toEqual({ type: 'invite', callID: 'TJ1', sdp: 'v=0 offer', params });
    expect(sim.state.voiceCalls).toEqual([{ at: expect.any(String), callsid: 'TJ1', params }]);

    farEnd.send({ type: 'answer', callID: 'TJ1', sdp: 'v=0 answer' });
    expect(await kiosk.next((m) => m.type === 'answer')).toEqual(frame('answer', { callsid: 'TJ1', sdp: 'v=0 answer' }));
    expect(sim.state.channelEvents.at(-1)).toMatchObject({ event: 'sip-message', data: { data: { room: 'call-1', connected: true } } });

    kiosk.send(frame('hangup', { callsid: 'TJ1' }));
    expect(await farEnd.next((m) => m.type === 'bye')).toEqual({ type: 'bye', callID: 'TJ1' });
    expect(sim.twilioVoice.received().map((m) => m.type)).toEqual(['listen', 'invite', 'hangup']);
    // The call is over: a second hang-up reaches nobody.
    kiosk.send(frame('hangup', { callsid: 'TJ1' }));
    farEnd.send({ type: 'bye', callID: 'TJ1' });
    await sleep(100);
    expect([...kiosk.inbox, ...farEnd.inbox]).toEqual([]);
  });

  it("sends the far end's hang-up to the client", async () => {
    const kiosk = await listening();
    const farEnd = await open('/twilio-voice/far-end');
    kiosk.send(frame('invite', { callsid: 'TJ2', sdp: 'v=0', twilio: { params: 'room=call-2' } }));
    await farEnd.next((m) => m.type === 'invite');
    farEnd.send({ type: 'bye', callID: 'TJ2' });
    expect(await kiosk.next((m) => m.type === 'hangup')).toEqual(frame('hangup', { callsid: 'TJ2' }));
  });

  it('tells the far end when the client goes away mid-call', async () => {
    const kiosk = await listening();
    const farEnd = await open('/twilio-voice/far-end');
    kiosk.send(frame('invite', { callsid: 'TJ3', sdp: 'v=0', twilio: { params: 'room=call-3' } }));
    await farEnd.next((m) => m.type === 'invite');
    kiosk.close();
    expect(await farEnd.next((m) => m.type === 'bye')).toEqual({ type: 'bye', callID: 'TJ3' });
    await vi.waitFor(() => expect(sim.twilioVoice.clientCount()).toBe(0));
  });

  it('answers bad frames with error frames and keeps the socket', async () => {
    const kiosk = await open('/twilio-voice');
    kiosk.send('{oops');
    expect((await kiosk.next((m) => m.type === 'error')).payload.error.code).toBe(31100);
    kiosk.send(frame('listen', { token: '' }));
    expect((await kiosk.next((m) => m.type === 'error')).payload.error).toEqual({ code: 31204, message: 'AccessTokenInvalid' });
    kiosk.send(frame('invite', { callsid: 'TJ4' }));
    expect((await kiosk.next((m) => m.type === 'error')).payload.error.code).toBe(31100);
    kiosk.send(frame('invite', { callsid: 'TJ4', sdp: 'v=0', reconnect: 'token', twilio: {} }));
    expect((await kiosk.next((m) => m.type === 'error')).payload).toMatchObject({ callsid: 'TJ4', error: { code: 31100 } });
    kiosk.send(frame('register', { media: {} }));
    expect((await kiosk.next((m) => m.type === 'error')).payload.error.message).toBe('Unknown message type: register');
    kiosk.send(frame('listen', { token: 't' }));
    await kiosk.next((m) => m.type === 'connected');
    expect(sim.state.voiceCalls).toEqual([]);
  });

  it('leaves listen or the invite unanswered when told to', async () => {
    sim.twilioVoice.answerListen(false);
    const kiosk = await open('/twilio-voice');
    kiosk.send(frame('listen', { token: 'sim-twiml-token' }));
    sim.twilioVoice.answerInvite(false);
    kiosk.send(frame('invite', { callsid: 'TJ5', sdp: 'v=0', twilio: { params: 'room=call-5' } }));
    await sleep(200);
    expect(kiosk.inbox).toEqual([]);
    // The invite was received and kept all the same.
    expect(sim.state.voiceCalls).toMatchObject([{ callsid: 'TJ5', params: { room: 'call-5' } }]);
  });
});

describe('Twilio Voice twin heartbeat', () => {
  afterEach(() => vi.useRealTimers());

  it('sends "\\n" every 10 s while the client is connected, and stops when it goes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const before = vi.getTimerCount();
    const client = new WebSocket(`${sim.url.replace('http', 'ws')}/twilio-voice`);
    const frames = [];
    client.on('message', (raw) => frames.push(raw.toString()));
    await new Promise((resolve) => client.once('open', resolve));
    // (vi.waitFor would move the fake clock on.)
    while (vi.getTimerCount() === before) await sleep(10);
    vi.advanceTimersByTime(9_999);
    await sleep(50);
    expect(frames).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(10_000);
    while (frames.length < 2) await sleep(10);
    expect(frames).toEqual(['\n', '\n']);
    client.close();
    while (vi.getTimerCount() > before) await sleep(10);
    vi.advanceTimersByTime(30_000);
    await sleep(50);
    expect(frames).toHaveLength(2);
  });
});
