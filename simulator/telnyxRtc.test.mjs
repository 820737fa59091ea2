// @vitest-environment node
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { call, simulatorForEachTest } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof import('./server.mjs').startSimulator>>} */
let sim;
const { open } = simulatorForEachTest((started) => (sim = started));

/** A client as the SDK logs in: `login`, then the gateway state the gateway's clientReady asks for. */
async function loggedIn(login = 'sim-kiosk-1') {
  const kiosk = await open('/telnyx-rtc');
  kiosk.send({ jsonrpc: '2.0', id: 'l1', method: 'login', params: { login, passwd: 'secret' } });
  expect((await kiosk.next((m) => m.id === 'l1')).result).toEqual({ message: 'logged in', sessid: expect.any(String) });
  await kiosk.next((m) => m.method === 'telnyx_rtc.clientReady');
  kiosk.send({ jsonrpc: '2.0', id: 'g1', method: 'telnyx_rtc.gatewayState', params: {} });
  expect((await kiosk.next((m) => m.id === 'g1')).result).toEqual({ params: { state: 'REGED' } });
  return kiosk;
}

const sipCall = (username) =>
  call(sim, '/api/telephone-entry/sip-call', {
    method: 'POST',
    body: { intercomCallId: 'call-1', pusherChannelName: sim.channelName(), tenantId: 101, to: '+15552000000', username: `sip:${username}@sip.telnyx.com` },
  });

describe('Telnyx WebRTC twin', () => {
  it('registers a client, puts the dialled call through with the far end offer and relays the answer', async () => {
    const kiosk = await loggedIn();
    const farEnd = await open('/telnyx-rtc/far-end');
    expect((await sipCall('sim-kiosk-1')).status).toBe(200);
    const ring = await farEnd.next((m) => m.type === 'ring');
    expect(ring).toEqual({ type: 'ring', callID: expect.any(String), username: 'sim-kiosk-1' });

    farEnd.send({ type: 'offer', callID: ring.callID, sdp: 'v=0 offer' });
    const invite = await kiosk.next((m) => m.method === 'telnyx_rtc.invite');
    expect(invite.params).toMatchObject({ callID: ring.callID, sdp: 'v=0 offer', caller_id_number: '+15552000000' });

    kiosk.send({ jsonrpc: '2.0', id: 'a1', method: 'telnyx_rtc.answer', params: { sessid: 's', sdp: 'v=0 answer', dialogParams: { callID: ring.callID } } });
    expect((await kiosk.next((m) => m.id === 'a1')).result).toEqual({ callID: ring.callID });
    expect(await farEnd.next((m) => m.type === 'answer')).toEqual({ type: 'answer', callID: ring.callID, sdp: 'v=0 answer' });
    // The back end says the phone leg is connected, on the property's channel.
    expect(sim.state.channelEvents.at(-1)).toMatchObject({ event: 'sip-message', data: { data: { room: 'call-1', connected: true } } });

    kiosk.send({ jsonrpc: '2.0', id: 'b1', method: 'telnyx_rtc.bye', params: { dialogParams: { callID: ring.callID } } });
    await kiosk.next((m) => m.id === 'b1' && m.result);
    expect(await farEnd.next((m) => m.type === 'bye')).toEqual({ type: 'bye', callID: ring.callID });
    expect(sim.telnyxRtc.received().map((m) => m.method)).toEqual(['login', 'telnyx_rtc.gatewayState', 'telnyx_rtc.answer', 'telnyx_rtc.bye']);
    expect(sim.telnyxRtc.clientCount()).toBe(1);
    kiosk.close();
    await vi.waitFor(() => expect(sim.telnyxRtc.clientCount()).toBe(0));
  });

  it("sends the far end's hang-up to the client as a bye", async () => {
    const kiosk = await loggedIn();
    const farEnd = await open('/telnyx-rtc/far-end');
    await sipCall('sim-kiosk-1');
    const { callID } = await farEnd.next((m) => m.type === 'ring');
    farEnd.send({ type: 'bye', callID });
    expect((await kiosk.next((m) => m.method === 'telnyx_rtc.bye')).params).toEqual({ callID, cause: 'NORMAL_CLEARING', causeCode: 16 });
  });

  it('answers ping and modify, refuses unknown methods and calls, and keeps the socket', async () => {
    const kiosk = await loggedIn();
    kiosk.send({ jsonrpc: '2.0', id: 'p1', method: 'telnyx_rtc.ping', params: {} });
    expect((await kiosk.next((m) => m.id === 'p1')).result).toEqual({});
    kiosk.send({ jsonrpc: '2.0', id: 'm1', method: 'telnyx_rtc.modify', params: { action: 'hold', dialogParams: { callID: 'x' } } });
    expect((await kiosk.next((m) => m.id === 'm1')).result).toMatchObject({ action: 'hold' });
    kiosk.send({ jsonrpc: '2.0', id: 'u1', method: 'verto.invite', params: {} });
    expect((await kiosk.next((m) => m.id === 'u1')).error.code).toBe(-32601);
    kiosk.send({ jsonrpc: '2.0', id: 'a1', method: 'telnyx_rtc.answer', params: { dialogParams: { callID: 'nobody' } } });
    expect((await kiosk.next((m) => m.id === 'a1')).error.code).toBe(-32002);
    for (const params of [null, 'x', { dialogParams: null }]) {
      kiosk.send({ jsonrpc: '2.0', id: 'b2', method: 'telnyx_rtc.bye', params });
      expect((await kiosk.next((m) => m.id === 'b2')).result).toEqual({});
    }
    kiosk.send({ jsonrpc: '2.0', id: 'l2', method: 'login', params: null });
    expect((await kiosk.next((m) => m.id === 'l2')).error.code).toBe(-32602);
    kiosk.send('{oops');
    expect((await kiosk.next((m) => m.error?.code === -32600)).id).toBeNull();
    kiosk.send({ jsonrpc: '2.0', id: 'p2', method: 'telnyx_rtc.ping', params: {} });
    await kiosk.next((m) => m.id === 'p2');
  });

  it('leaves login unanswered when told to, as a gateway that never registers the client', async () => {
    sim.telnyxRtc.answerLogin(false);
    const kiosk = await open('/telnyx-rtc');
    kiosk.send({ jsonrpc: '2.0', id: 'l1', method: 'login', params: { login: 'sim-kiosk-1', passwd: 'secret' } });
    await sleep(200);
    expect(kiosk.inbox).toEqual([]);
    expect(sim.telnyxRtc.received()).toEqual([{ method: 'login', params: { login: 'sim-kiosk-1', passwd: 'secret' } }]);
  });
});
