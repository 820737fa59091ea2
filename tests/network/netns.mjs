// The test's own network namespaces, so that nothing it sends can leave the
// machine: the panel's (the kiosk, the phone and every server but TURN) and
// the TURN provider's, joined by one veth pair per panel network, as a
// panel's Ethernet and Wi-Fi both reach a provider on the internet. Dummy
// links need a kernel module that containers often lack; veth works everywhere.
import { execFileSync } from 'node:child_process';

/** The TURN provider's address, on a link of its own in its namespace. */
export const TURN_ADDRESS = '10.231.9.1';

/** The panel's networks (its side .2, the provider's side .1): IPv4, and IPv6 (unique local) when the scenario asks. */
const NETWORKS = [1, 2].map((n) => ({ n, panel: `10.231.${n}.2`, uplink: `10.231.${n}.1`, v6: (side) => `fd00:231:${n}::${side}/64` }));

const ip = (...args) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
/** IPv6 addresses without duplicate detection: usable at once. */
const addAddress = (ns, address, dev) => ip('-n', ns, 'addr', 'add', address, 'dev', dev, ...(address.includes(':') ? ['nodad'] : []));

/** The two namespaces of a run named `name`. */
export const namespacesOf = (name) => ({ panel: name, provider: `${name}-turn` });

/**
 * Creates the panel's namespace `name` with `networks` networks (1 or 2), and
 * the provider's. Each panel network sends to the provider from its own
 * address through its own link (source routing, as a multi-homed host does).
 * @param {string} name @param {{ networks: number, ipv6: boolean }} shape
 */
export function createNamespaces(name, { networks, ipv6 }) {
  const { panel, provider } = namespacesOf(name);
  ip('netns', 'add', panel);
  try {
    ip('netns', 'add', provider);
    for (const ns of [panel, provider]) ip('-n', ns, 'link', 'set', 'lo', 'up');
    ip('-n', provider, 'link', 'add', 'turn', 'type', 'veth', 'peer', 'name', 'turn-peer');
    for (const dev of ['turn', 'turn-peer']) ip('-n', provider, 'link', 'set', dev, 'up');
    addAddress(provider, `${TURN_ADDRESS}/24`, 'turn');
    for (const { n, panel: own, uplink, v6 } of NETWORKS.slice(0, networks)) {
      ip('-n', panel, 'link', 'add', `panel${n}`, 'type', 'veth', 'peer', 'name', `uplink${n}`, 'netns', provider);
      ip('-n', panel, 'link', 'set', `panel${n}`, 'up');
      ip('-n', provider, 'link', 'set', `uplink${n}`, 'up');
      addAddress(panel, `${own}/24`, `panel${n}`);
      addAddress(provider, `${uplink}/24`, `uplink${n}`);
      if (ipv6) {
        addAddress(panel, v6(2), `panel${n}`);
        addAddress(provider, v6(1), `uplink${n}`);
      }
      ip('-n', panel, 'rule', 'add', 'from', own, 'table', String(100 + n));
      ip('-n', panel, 'route', 'add', `${TURN_ADDRESS}/32`, 'via', uplink, 'table', String(100 + n));
    }
    // Sockets bound to no address (the phone's) go out on the first network.
    ip('-n', panel, 'route', 'add', `${TURN_ADDRESS}/32`, 'via', NETWORKS[0].uplink);
  } catch (err) {
    deleteNamespaces(name);
    throw err;
  }
}

/** Kills whatever still runs in a namespace (only this test starts processes there), then deletes it. */
function deleteNamespace(ns) {
  let pids = [];
  try {
    pids = ip('netns', 'pids', ns).split(/\s+/).filter(Boolean);
  } catch {
    // No such namespace.
  }
  for (const pid of pids) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  try {
    ip('netns', 'del', ns);
  } catch {
    // Never created, or deleted already.
  }
}

/** Deletes both namespaces of `name`, whatever still runs in them first. */
export function deleteNamespaces(name) {
  const { panel, provider } = namespacesOf(name);
  deleteNamespace(panel);
  deleteNamespace(provider);
}
