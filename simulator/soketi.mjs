// soketi, the Pusher-protocol server the kiosk's channel runs on, as a child
// process of the simulator: a Pusher outage is that process killed, and the
// server coming back is the process started again on the same port.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPusherRest } from './pusherRest.mjs';

const ENTRY = new URL('./soketi-process.mjs', import.meta.url);
/** soketi reads its apps once at start; long enough for a loaded machine with two cores. */
const START_TIMEOUT_MS = 20_000;
/** How long a subscription left by a page that closed may take to go before soketi is restarted instead. */
const LINGER_MS = 1_000;

/** A port nobody listens on right now on `host`. @param {string} host @returns {Promise<number>} */
async function freePort(host) {
  const server = net.createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Forks soketi and resolves once it listens; rejects with what it printed
 * when it exits first (e.g. the native uWebSockets.js build did not load).
 * @param {{ host: string, port: number, appId: string, key: string, secret: string, tap: boolean }} config
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
async function spawnSoketi(config) {
  const child = fork(ENTRY, [], {
    env: { ...process.env, SIM_SOKETI: JSON.stringify(config), AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  try {
    const [message] = await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(([code, signal]) => {
        throw new Error(`soketi did not start (${signal ?? `exit ${code}`}): ${errors.trim() || 'no output'}`);
      }),
    ]);
    if (message.port !== config.port) throw new Error(`soketi listens on ${message.port}, not ${config.port}`);
    return child;
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Kills `child` at once, as a crash would, and waits until it is gone. @param {import('node:child_process').ChildProcess} child */
async function killed(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/**
 * Starts soketi on host:port (0: a free port, kept across restarts) with one
 * app, Pusher's limits on (10 client events a second per connection, 10 KB
 * an event). The caller closes it. `tap` hears of each client event soketi
 * takes and each 4301 it answers (soketi-process.mjs).
 * @param {{ host?: string, port?: number, appId?: string, key?: string, secret?: string,
 *   tap?: (message: { kind: 'event' | 'refused', at: number, socket: string, event?: string, data?: unknown, message?: string }) => void }} [options]
 */
export async function startSoketi({ host = '127.0.0.1', port = 6001, appId = 'kiosk', key = 'kiosk-local', secret = 'kiosk-local-secret', tap } = {}) {
  const config = { host, port: port === 0 ? await freePort(host) : port, appId, key, secret, tap: tap !== undefined };
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  /** A process that dies of itself (a crash) is known to be down, as a killed one is. */
  const spawned = async () => {
    const started = await spawnSoketi(config);
    started.once('exit', () => child === started && (child = null));
    if (tap) started.on('message', (message) => message.kind && tap(message));
    return started;
  };
  child = await spawned();
  /** @type {Promise<void> | null} */
  let starting = null;
  let closed = false;

  return {
    host,
    port: config.port,
    appId,
    key,
    secret,
    /** Its HTTP API's origin. */
    url: `http://${host}:${config.port}`,
    /** False from `kill` until `start` has it listening again. */
    running: () => child !== null && starting === null,
    /** The process dies at once: every connection drops without a close frame, every subscription is gone. */
    kill() {
      const dying = child;
      const pending = starting;
      child = null;
      return (async () => {
        if (dying) await killed(dying);
        // A start under way ends in a process too: that one goes as well.
        if (!pending) return;
        await pending.catch(() => undefined);
        const late = child;
        child = null;
        if (late) await killed(late);
      })();
    },
    /** Starts it again on the same port, unless it runs already. */
    async start() {
      if (closed) throw new Error('soketi was closed');
      starting ??= (async () => {
        if (child === null) child = await spawned();
      })().finally(() => (starting = null));
      await starting;
    },
    /**
     * Makes it as new for the next simulator: running, with no subscription
     * left from an earlier one's pages (it restarts when one lingers).
     */
    async clean() {
      await this.start();
      const rest = createPusherRest(this);
      const deadline = Date.now() + LINGER_MS;
      while (Object.keys(await rest.subscriptionCounts()).length > 0) {
        if (Date.now() > deadline) {
          await this.kill();
          return this.start();
        }
        await sleep(50);
      }
    },
    /** Stops it for good. */
    async close() {
      closed = true;
      await this.kill();
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof startSoketi>>} Soketi */
