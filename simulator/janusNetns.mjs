// A network namespace of its own for Janus: Janus leaves loopback out of its
// ICE candidates, so on a machine whose only other address may be unreachable
// it gets a private /30 on a veth pair, 10.200.<n>.2 inside the namespace and
// 10.200.<n>.1 on this side (the route the browsers take). Needs root and `ip`
// (iproute2). Each namespace is claimed with a lock file naming its owner's
// pid, so concurrent processes take different ones, and one left by a dead
// process (its Janus included) is cleared by the next claim. Adding or
// removing an interface is a network change to a running Chromium, which then
// fails the loads under way (ERR_NETWORK_CHANGED): the end-to-end run makes
// its namespaces before any browser starts (tests/e2e/janusNamespaces.ts).
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_DIR = '/run/kiosk-janus';
const SLOTS = 64;

const ip = (...args) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
const quietly = (run) => {
  try {
    run();
  } catch {
    // Already gone.
  }
};
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
};

/** Why Janus cannot run here, or null: the namespace needs root and `ip`. */
export function netnsUnavailable() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'a network namespace for Janus needs root';
  try {
    execFileSync('ip', ['-V'], { stdio: 'ignore' });
  } catch {
    return '`ip` (iproute2) is missing';
  }
  return null;
}

/** Removes slot `n`'s namespace, killing what still runs in it (a dead owner's Janus). */
function clear(n) {
  const name = `kjanus${n}`;
  quietly(() => {
    const pids = execFileSync('ip', ['netns', 'pids', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    for (const pid of pids.split(/\s+/).filter(Boolean)) quietly(() => process.kill(Number(pid), 'SIGKILL'));
  });
  quietly(() => ip('netns', 'del', name));
  quietly(() => ip('link', 'del', `kjanus${n}h`));
}

/** Takes slot n's lock file, clearing a dead owner's; false when a live process holds it. */
function lock(n) {
  const file = path.join(LOCK_DIR, String(n));
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && alive(owner)) return false;
      clear(n);
      quietly(() => unlinkSync(file));
    }
  }
  return false;
}

/**
 * Namespace `n` as made by createJanusNetns (for a process using one that
 * another made): `exec(args)` is the command line that runs a program inside
 * it; `remove()` deletes it (the veth pair goes with it) and its lock.
 */
export function janusNetnsSlot(n) {
  const name = `kjanus${n}`;
  return {
    slot: n,
    name,
    address: `10.200.${n}.2`,
    device: `kjanus${n}n`,
    exec: (args) => ['ip', ['netns', 'exec', name, ...args]],
    remove() {
      clear(n);
      quietly(() => unlinkSync(path.join(LOCK_DIR, String(n))));
    },
  };
}

/** Claims a free slot and makes its namespace and veth pair (janusNetnsSlot describes it). */
export function createJanusNetns() {
  mkdirSync(LOCK_DIR, { recursive: true });
  for (let n = 0; n < SLOTS; n += 1) {
    if (!lock(n)) continue;
    const netns = janusNetnsSlot(n);
    const [outside, host] = [`10.200.${n}.1`, `kjanus${n}h`];
    try {
      ip('netns', 'add', netns.name);
      ip('link', 'add', host, 'type', 'veth', 'peer', 'name', netns.device);
      ip('link', 'set', netns.device, 'netns', netns.name);
      ip('addr', 'add', `${outside}/30`, 'dev', host);
      ip('link', 'set', host, 'up');
      ip('-n', netns.name, 'addr', 'add', `${netns.address}/30`, 'dev', netns.device);
      ip('-n', netns.name, 'link', 'set', netns.device, 'up');
      ip('-n', netns.name, 'link', 'set', 'lo', 'up');
    } catch (error) {
      netns.remove();
      throw new Error(`Could not make network namespace ${netns.name}: ${/** @type {any} */ (error).stderr ?? error}`, { cause: error });
    }
    return netns;
  }
  throw new Error(`All ${SLOTS} Janus namespaces are held by live processes`);
}
