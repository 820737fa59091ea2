// Debian's coturn as the TURN provider: STUN and TURN over UDP and TCP on
// 3478 of its own address in the test's namespace, long-term credentials as
// providers hand out. No TLS listener: the fuller ICE list's turns: and other
// ports name servers the kiosk tries and cannot reach, as on a real network.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const TURN_PORT = 3478;
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
 * Starts turnserver in the provider's namespace `ns` (the caller runs in the panel's and reaches it by its routes).
 * @param {{ ns: string, address: string, dir: string }} options dir: where its database and pid file go
 */
export async function startCoturn({ ns, address, dir }) {
  const args = [
    '-n', // no configuration file: everything is here
    '--no-cli',
    '--no-tls',
    '--no-dtls',
    '--no-rfc5780',
    '--no-software-attribute',
    `--listening-ip=${address}`,
    `--relay-ip=${address}`,
    `--listening-port=${TURN_PORT}`,
    '--lt-cred-mech',
    `--user=${TURN_USER}:${TURN_PASSWORD}`,
    '--realm=kiosk.test',
    `--userdb=${dir}/turndb`,
    `--pidfile=${dir}/turnserver.pid`,
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
      reachable(address, TURN_PORT, Date.now() + START_TIMEOUT_MS),
      exited.then(([code, signal]) => {
        throw new Error(`turnserver exited (${signal ?? code}): ${output}`);
      }),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    output: () => output,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
