// @vitest-environment node
// Debian's Janus as the simulator runs it: in a namespace of its own, one per
// caller, gone with everything in it when closed. Needs root, `ip` and janus,
// as CI has; elsewhere the test fails saying so (docs/calls.md).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { janusUnavailable, startJanus } from './janus.mjs';
import { startSimulator } from './server.mjs';
import { openSocket } from './test-helpers.mjs';

const tokenFor = (room) => Buffer.from(JSON.stringify({ kind: 'join', room, n: 1 })).toString('base64url');
const namespaces = () => execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' }).split('\n').map((line) => line.split(' ')[0]);
const running = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The rooms Janus's videoroom lists (its `list` needs no key). */
async function videoRooms(url) {
  const ws = new WebSocket(url, 'janus-protocol');
  const replies = [];
  ws.on('message', (raw) => replies.push(JSON.parse(String(raw))));
  await new Promise((resolve) => ws.once('open', resolve));
  const reply = async (body) => {
    const transaction = String(Math.random());
    ws.send(JSON.stringify({ ...body, transaction }));
    await expect.poll(() => replies.find((m) => m.transaction === transaction && m.janus !== 'ack')).toBeTruthy();
    return replies.find((m) => m.transaction === transaction && m.janus !== 'ack');
  };
  const session = (await reply({ janus: 'create' })).data.id;
  const handle = (await reply({ janus: 'attach', session_id: session, plugin: 'janus.plugin.videoroom' })).data.id;
  const list = await reply({ janus: 'message', session_id: session, handle_id: handle, body: { request: 'list' } });
  ws.close();
  return list.plugindata.data.list.map((room) => room.room);
}

describe("Debian's Janus", () => {
  it('runs where the tests run (root, iproute2, janus)', () => {
    expect(janusUnavailable(), 'run as root with `apt-get install janus iproute2`').toBeNull();
  });

  it('starts in namespaces of its own for concurrent callers, makes rooms, and leaves nothing behind when closed', async () => {
    const [first, second] = await Promise.all([startJanus(), startJanus()]);
    try {
      expect(first.url).not.toBe(second.url);
      expect(first.url).toMatch(/^ws:\/\/10\.200\.\d+\.2:8188$/);
      // The kiosk and the resident opening their sessions at once.
      await Promise.all([first.ensureRoom('room-1'), first.ensureRoom('room-1')]);
      await first.ensureRoom('room-1');
      await first.ensureRoom('room-2');
      expect((await videoRooms(first.url)).sort()).toEqual(['room-1', 'room-2']);
      expect(await videoRooms(second.url)).toEqual([]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    expect(running(first.pid) || running(second.pid)).toBe(false);
    expect(namespaces()).not.toContain(first.namespace);
    expect(namespaces()).not.toContain(second.namespace);
  }, 20_000);

  it('takes over a namespace whose owner died, killing what it left running', async () => {
    const left = await startJanus();
    const slot = Number(left.url.split('.')[2]);
    // As a worker killed without closing would leave it: its lock names a dead process.
    mkdirSync('/run/kiosk-janus', { recursive: true });
    writeFileSync(`/run/kiosk-janus/${slot}`, '999999999');
    const janus = await startJanus();
    try {
      expect(janus.url).toBe(left.url);
      expect(running(left.pid)).toBe(false);
    } finally {
      await janus.close();
      // Its temporary folder; the namespace is gone already.
      await left.close();
    }
  }, 20_000);

  it("through the simulator's proxy: a session for a join token of the room, the textroom's offer from Janus's own address with janus_room_id, another room's token refused", async () => {
    const janus = await startJanus();
    const sim = await startSimulator({ port: 0, janus });
    const sdk = await openSocket(`${sim.url.replace('http', 'ws')}/telnyx-janus/room-1/janus`);
    try {
      let n = 0;
      const request = (body, token = tokenFor('room-1')) => {
        const transaction = `t${(n += 1)}`;
        sdk.send({ ...body, transaction, client_token: token });
        return sdk.next((m) => m.transaction === transaction && m.janus !== 'ack', 5_000);
      };
      const session = (await request({ janus: 'create' })).data.id;
      const handle = (await request({ janus: 'attach', session_id: session, plugin: 'janus.plugin.textroom' })).data.id;
      const setup = await request({ janus: 'message', session_id: session, handle_id: handle, body: { request: 'setup', room: 'room-1' } });
      expect(setup.plugindata.data).toEqual({ textroom: 'event', result: 'ok', janus_room_id: 'room-1' });
      expect(setup.jsep.sdp).toContain('typ host');
      expect(setup.jsep.sdp).toContain(janus.url.slice('ws://'.length, -':8188'.length));
      expect(setup.jsep.sdp).not.toContain('127.0.0.1');

      sdk.send({ janus: 'keepalive', session_id: session, transaction: 'x', client_token: tokenFor('room-2') });
      expect(await sdk.next((m) => 'status_code' in m)).toEqual({ status_code: 401, error_message: 'Invalid client token' });
    } finally {
      sdk.close();
      await sim.close();
      await janus.close();
    }
  }, 20_000);
});
