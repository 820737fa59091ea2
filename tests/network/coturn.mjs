// Debian's coturn as the TURN provider: STUN and TURN over UDP and TCP on
// 3478, 443 and 80 of its own address (one turnserver a port, as coturn
// listens on one), long-term credentials as providers hand out. No TLS
// listener: the fuller ICE list's turns: 5349 is tried and not reached.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const TURN_PORT = 3478;
/** The ports a provider's ICE list names that answer here. */
export const TURN_PORTS = [TURN_PORT, 443, 80];
export const TURN_USER = 'kiosk-turn';
export const TURN_PASSWORD = 'kiosk-turn-secret';
const START_TIMEOUT_MS = 15_000;

/** Resolves once a TCP connection to address:port is accepted. */
async function reachable(address, port, deadline) {
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect({ host: address, port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`coturn does not listen on ${address}:${port}`);
    await sleep(100);
  }
}

/**
 * Starts a turnserver on `port` in the provider's namespace `ns` (the caller runs in the panel's and reaches it by its routes).
 * @param {{ ns: string, address: string, port: number, dir: string }} options dir: where its database and pid file go
 */
async function startOne({ ns, address, port, dir }) {
  const args = [
    '-n', // no configuration file: everything is here
    '--no-cli',
    '--no-tls',
    '--no-dtls',
    '--no-rfc5780',
    '--no-software-attribute',
    `--listening-ip=${address}`,
    `--relay-ip=${address}`,
    `--listening-port=${port}`,
    '--lt-cred-mech',
    `--user=${TURN_USER}:${TURN_PASSWORD}`,
    '--realm=kiosk.test',
    `--userdb=${dir}/turndb-${port}`,
    `--pidfile=${dir}/turnserver-${port}.pid`,
    '--log-file=stdout',
    '--simple-log',
  ];
  const child = spawn('ip', ['netns', 'exec', ns, 'turnserver', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-4_000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4_000)));
  const exited = once(child, 'exit');
  try {
    await Promise.race([
      reachable(address, port, Date.now() + START_TIMEOUT_MS),
      exited.then(([code, signal]) => {
        throw new Error(`turnserver exited (${signal ?? code}): ${output}`);
      }),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** coturn on each of TURN_PORTS. @param {{ ns: string, address: string, dir: string }} options */
export async function startCoturn(options) {
  const started = await Promise.allSettled(TURN_PORTS.map((port) => startOne({ ...options, port })));
  const servers = started.flatMap((each) => (each.status === 'fulfilled' ? [each.value] : []));
  const close = () => Promise.all(servers.map((server) => server.close()));
  const failed = started.find((each) => each.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { close };
}
