// Starts soketi (soketi-process.mjs) for one scenario and keeps what it
// reports: the client events it received and the 4301s it answered.
import { fork } from 'node:child_process';
import { once } from 'node:events';

const ENTRY = new URL('./soketi-process.mjs', import.meta.url);
/** soketi reads its app at start; generous for two busy cores. */
const START_TIMEOUT_MS = 20_000;

/**
 * @param {{ host: string, port: number, appId: string, key: string, secret: string }} config
 */
export async function startSoketi(config) {
  const child = fork(ENTRY, [], {
    env: { ...process.env, TURN_TEST_SOKETI: JSON.stringify(config), AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += chunk));
  /** @type {Array<{ at: number, socket: string, event: string, data: any }>} */
  const events = [];
  /** @type {Array<{ at: number, socket: string, message: string }>} */
  const refusals = [];
  const listening = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message.kind === 'listening') resolve(message.port);
      else if (message.kind === 'event') events.push(message);
      else if (message.kind === 'refused') refusals.push(message);
    });
    child.once('exit', (code, signal) => reject(new Error(`soketi exited (${signal ?? code}): ${errors.trim() || 'no output'}`)));
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  try {
    const port = await listening;
    if (port !== config.port) throw new Error(`soketi listens on ${port}, not ${config.port}`);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return {
    events,
    refusals,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
