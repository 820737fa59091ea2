// @vitest-environment node
// The proxy standing in for Telnyx's, against a stand-in for Janus that keeps
// what reaches it and answers as Janus does (the end-to-end tests run it
// against Debian's Janus: tests/e2e/janus-room.spec.ts).
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { startSimulator } from './server.mjs';
import { openSocket } from './test-helpers.mjs';

const tokenFor = (room) => Buffer.from(JSON.stringify({ kind: 'join', room, n: 1 })).toString('base64url');
const offer = { type: 'offer', sdp: 'v=0\r\n' };

let janus;
let reached;
let rooms;
let sim;
let sockets;

beforeEach(async () => {
  reached = [];
  rooms = [];
  sockets = [];
  janus = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'janus-protocol' });
  await once(janus, 'listening');
  janus.on('connection', (ws) =>
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw));
      reached.push(message);
      const { transaction } = message;
      if (message.janus === 'create') ws.send(JSON.stringify({ janus: 'success', transaction, data: { id: 7 } }));
      if (message.body?.request === 'setup') {
        const data = { textroom: 'event', result: 'ok' };
        ws.send(JSON.stringify({ janus: 'event', transaction, sender: 1, plugindata: { plugin: 'janus.plugin.textroom', data }, jsep: offer }));
      }
      if (message.body?.request === 'ack') {
        ws.send(JSON.stringify({ janus: 'event', transaction, sender: 1, plugindata: { plugin: 'janus.plugin.textroom', data: { textroom: 'event', result: 'ok' } } }));
      }
    }),
  );
  const ensureRoom = async (room) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    rooms.push(room);
  };
  sim = await startSimulator({ port: 0, janus: { url: `ws://127.0.0.1:${janus.address().port}`, ensureRoom } });
});

afterEach(async () => {
  for (const socket of sockets) socket.close();
  await sim.close();
  janus.close();
});

async function sdk(room = 'room-1') {
  const socket = await openSocket(`${sim.url.replace('http', 'ws')}/telnyx-janus/${room}/janus`);
  sockets.push(socket);
  return socket;
}

describe('the proxy in front of Janus', () => {
  it('makes the room before passing on create, and passes requests and answers on unchanged', async () => {
    const socket = await sdk();
    const create = { janus: 'create', transaction: 't1', client_token: tokenFor('room-1') };
    socket.send(create);
    expect(await socket.next()).toEqual({ janus: 'success', transaction: 't1', data: { id: 7 } });
    expect(rooms).toEqual(['room-1']);
    expect(reached).toEqual([create]);
  });

  it('refuses a request whose join token is of another room or none, as Telnyx does, and never passes it on', async () => {
    const socket = await sdk();
    socket.send({ janus: 'create', transaction: 't1', client_token: tokenFor('room-2') });
    expect(await socket.next()).toEqual({ status_code: 401, error_message: 'Invalid client token' });
    socket.send({ janus: 'keepalive', transaction: 't2', session_id: 7 });
    expect(await socket.next()).toEqual({ status_code: 401, error_message: 'Invalid client token' });
    const refresh = Buffer.from(JSON.stringify({ kind: 'refresh', room: 'room-1' })).toString('base64url');
    socket.send({ janus: 'keepalive', transaction: 't3', session_id: 7, client_token: refresh });
    expect(await socket.next()).toEqual({ status_code: 401, error_message: 'Invalid client token' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reached).toEqual([]);
    expect(rooms).toEqual([]);
    expect(sim.janusProxy.received().map((m) => m.janus)).toEqual(['create', 'keepalive', 'keepalive']);
  });

  it("adds the room as janus_room_id to the textroom's setup answer only", async () => {
    const socket = await sdk('room-3');
    const message = (transaction, request) => ({ janus: 'message', transaction, session_id: 7, handle_id: 1, client_token: tokenFor('room-3'), body: { request } });
    socket.send(message('t1', 'setup'));
    const setup = await socket.next();
    expect(setup.plugindata.data).toEqual({ textroom: 'event', result: 'ok', janus_room_id: 'room-3' });
    expect(setup.jsep).toEqual(offer);
    socket.send(message('t2', 'ack'));
    expect((await socket.next()).plugindata.data).toEqual({ textroom: 'event', result: 'ok' });
  });

  it('closes the Janus socket when the SDK closes its own, and the other way round', async () => {
    const first = await sdk();
    first.send({ janus: 'create', transaction: 't1', client_token: tokenFor('room-1') });
    await first.next();
    expect(janus.clients.size).toBe(1);
    first.close();
    await expect.poll(() => janus.clients.size).toBe(0);
    expect(sim.janusProxy.clientCount()).toBe(0);

    const second = await sdk();
    second.send({ janus: 'create', transaction: 't1', client_token: tokenFor('room-1') });
    await second.next();
    const closed = once(second.ws, 'close');
    for (const ws of janus.clients) ws.close();
    await closed;
    expect(second.ws.readyState).toBe(WebSocket.CLOSED);
  });
});
