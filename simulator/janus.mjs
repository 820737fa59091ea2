// Debian's Janus (the `janus` package) as the video room's server: run in the
// foreground as a child process in a network namespace of its own
// (janusNetns.mjs), with a configuration written for it alone: the websockets
// transport on the namespace's address, the audiobridge, videoroom and textroom
// plugins with string room ids, rooms created only with the key this process
// holds, no admin API. `ensureRoom` makes a room in all three plugins, as the
// vendor's REST API does when a room is created (docs/calls.md).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createJanusNetns, netnsUnavailable } from './janusNetns.mjs';

const JANUS = '/usr/bin/janus';
/** Debian's folder of Janus's plugins, transports and handlers (`/usr/lib/<multiarch>/janus`), or undefined. */
const MODULES = readdirSync('/usr/lib')
  .map((each) => path.join('/usr/lib', each, 'janus'))
  .find((folder) => existsSync(path.join(folder, 'plugins')));
const PORT = 8188;
const PLUGINS = ['audiobridge', 'videoroom', 'textroom'];
const START_MS = 10_000;

/** Every module of a folder but the ones kept, for Janus's `disable` lists. */
const allBut = (folder, keep) =>
  readdirSync(path.join(MODULES, folder))
    .filter((file) => file.endsWith('.so') && !keep.includes(file))
    .join(',');

/** Why Janus cannot run on this machine, or null. */
export function janusUnavailable() {
  if (!existsSync(JANUS) || !MODULES) return "Debian's janus is not installed (apt-get install janus)";
  return netnsUnavailable();
}

function writeConfig(dir, netns, adminKey) {
  const files = {
    'janus.jcfg': `general: {
  configs_folder = "${dir}"
  plugins_folder = "${MODULES}/plugins"
  transports_folder = "${MODULES}/transports"
  events_folder = "${MODULES}/events"
  loggers_folder = "${MODULES}/loggers"
  interface = "${netns.address}"
  server_name = "kiosk-simulator"
}
plugins: { disable = "${allBut('plugins', PLUGINS.map((name) => `libjanus_${name}.so`))}" }
transports: { disable = "${allBut('transports', ['libjanus_websockets.so'])}" }
loggers: { disable = "${allBut('loggers', [])}" }
events: { broadcast = false }
nat: { ice_enforce_list = "${netns.device}" }
`,
    'janus.transport.websockets.jcfg': `general: { json = "plain", ws = true, ws_port = ${PORT}, ws_ip = "${netns.address}", wss = false }
admin: { admin_ws = false, admin_wss = false }
`,
  };
  for (const plugin of PLUGINS) files[`janus.plugin.${plugin}.jcfg`] = `general: { string_ids = true, admin_key = "${adminKey}" }\n`;
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
}

const canConnect = (host, port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** One Janus API exchange per request on a socket of its own, as plain JSON (rooms only). */
async function withSession(url, run) {
  const ws = new WebSocket(url, 'janus-protocol');
  const waiting = new Map();
  let next = 0;
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    if (message.janus !== 'ack') waiting.get(message.transaction)?.resolve(message);
  });
  // Janus gone mid-way: what waits fails instead of hanging.
  ws.on('close', () => waiting.forEach(({ reject }) => reject(new Error('Janus closed the socket'))));
  const request = (body) =>
    new Promise((resolve, reject) => {
      const transaction = `sim-${(next += 1)}`;
      waiting.set(transaction, { resolve, reject });
      ws.send(JSON.stringify({ ...body, transaction }));
    });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  try {
    const session = (await request({ janus: 'create' })).data.id;
    await run((body) => request({ ...body, session_id: session }));
    await request({ janus: 'destroy', session_id: session });
  } finally {
    ws.close();
  }
}

/** Makes `room` in the three plugins, with the key only this process holds. */
function makeRoom(url, room, adminKey) {
  return withSession(url, async (request) => {
    for (const plugin of PLUGINS) {
      const handle = (await request({ janus: 'attach', plugin: `janus.plugin.${plugin}` })).data.id;
      const create = { request: 'create', room, admin_key: adminKey, permanent: false, ...(plugin === 'videoroom' && { publishers: 6 }) };
      const answer = (await request({ janus: 'message', handle_id: handle, body: create })).plugindata?.data;
      if (answer?.error_code) throw new Error(`Janus ${plugin} could not make room ${room}: ${answer.error}`);
    }
  });
}

/**
 * Starts Janus; rejects when it cannot (janusUnavailable() says why beforehand).
 * @param {{ logFile?: string, netns?: ReturnType<typeof import('./janusNetns.mjs').janusNetnsSlot> }} [options] where Janus
 *   logs (default: its temporary folder, removed on close); a namespace made
 *   beforehand, kept on close (default: one made now and removed on close)
 */
export async function startJanus({ logFile, netns: given } = {}) {
  const unavailable = janusUnavailable();
  if (unavailable) throw new Error(`Janus cannot run: ${unavailable}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiosk-janus-'));
  const log = logFile ?? path.join(dir, 'janus.log');
  const adminKey = randomBytes(16).toString('hex');
  const netns = given ?? createJanusNetns();
  writeConfig(dir, netns, adminKey);
  // `ip netns exec` and setpriv exec in place: Janus is this process's child, and dies with it even when it is killed.
  const janusArgs = ['-F', dir, '-C', path.join(dir, 'janus.jcfg'), '-N', '-o', '-L', log];
  const [command, args] = netns.exec(['setpriv', '--pdeathsig', 'KILL', '--', JANUS, ...janusArgs]);
  let closing = false;
  // In the temporary folder: a core dump from a crash goes with it.
  const child = spawn(command, args, { stdio: 'ignore', cwd: dir });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      if (!closing) console.error(`[janus] exited on its own (${signal ?? `exit ${code}`}); its log: ${log}`);
      resolve(signal ?? code);
    }),
  );
  // A worker that exits without closing stops it at once rather than at the pdeathsig.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  /** Rooms made or being made, by id. */
  const rooms = new Map();
  const url = `ws://${netns.address}:${PORT}`;

  async function close() {
    closing = true;
    process.off('exit', killOnExit);
    // Killed, not stopped: Janus 1.1.2 can crash (SIGFPE) in its own shutdown while a data channel is torn down, and there is nothing to keep.
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    if (!given) netns.remove();
    rmSync(dir, { recursive: true, force: true });
  }

  const deadline = Date.now() + START_MS;
  while (!(await canConnect(netns.address, PORT))) {
    const ended = child.exitCode !== null || child.signalCode !== null;
    if (ended || Date.now() > deadline) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '(no log)';
      await close();
      throw new Error(`Janus did not start (${ended ? `exit ${child.exitCode ?? child.signalCode}` : `${START_MS} ms`}); its log ends:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    pid: child.pid,
    namespace: netns.name,
    logFile: log,
    /** Makes room `room` in the audiobridge, the videoroom and the textroom, once (callers at the same time wait for the same). */
    ensureRoom(room) {
      if (!rooms.has(room)) {
        const making = makeRoom(url, room, adminKey);
        rooms.set(room, making);
        making.catch(() => rooms.delete(room));
      }
      return rooms.get(room);
    },
    close,
  };
}
