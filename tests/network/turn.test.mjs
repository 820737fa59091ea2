// The two-network TURN call (issue 43), one namespace per scenario: the
// kiosk on one or two networks (and IPv6), the call answer listing a TURN
// provider's ICE servers (coturn), soketi with Pusher's limits, the phone
// relay-only. Run by `npm run test:network` (run.mjs), as root.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildForSimulator } from '../../scripts/build-for-simulator.mjs';
import { measure, TABLE_HEAD, tableRow } from './measure.mjs';
import { createNamespaces, deleteNamespaces, namespacesOf } from './netns.mjs';
import { HOST, PORTS, SCENARIOS } from './scenarios.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CALL = fileURLToPath(new URL('./call.mjs', import.meta.url));
/** Build, servers, two browsers and a call on two busy cores. */
const SCENARIO_TIMEOUT_MS = 150_000;

let dir = '';
let dist = '';
const rows = [];

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-turn-'));
  // Outside the namespace (no network involved): the build's addresses are the namespace's loopback ports.
  dist = path.join(ROOT, `dist-network-${process.pid}`);
  await buildForSimulator({ host: HOST, port: PORTS.simulator, outDir: dist, env: { VITE_PUSHER_PORT: String(PORTS.soketi) } });
}, { timeout: 180_000 });

after(async () => {
  if (rows.length > 0) console.log(['', ...TABLE_HEAD, ...rows, ''].join('\n'));
  await rm(dist, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
});

/** Runs call.mjs inside `ns`; resolves with what it wrote, rejects with its output when it fails. */
async function callInside(name, scenario, index) {
  const { panel: ns, provider } = namespacesOf(name);
  const result = path.join(dir, `result-${index}.json`);
  const work = path.join(dir, `scenario-${index}`);
  await mkdir(work);
  const env = { ...process.env, TURN_TEST: JSON.stringify({ scenario: scenario.name, provider, dist, dir: work, result, chromium: process.env.CHROMIUM_PATH || '/usr/bin/chromium' }) };
  const child = spawn('ip', ['netns', 'exec', ns, process.execPath, CALL], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code, signal] = await once(child, 'exit');
  if (code !== 0) throw new Error(`The call in ${ns} failed (${signal ?? `exit ${code}`}):\n${output.slice(-6_000)}`);
  return JSON.parse(await readFile(result, 'utf8'));
}

SCENARIOS.forEach((scenario, index) => {
  test(`${scenario.name}: connects through TURN within Pusher's limits, every candidate delivered`, { timeout: SCENARIO_TIMEOUT_MS }, async (t) => {
    const name = `${process.env.KIOSK_TURN_NAMESPACES ?? `kiosk-turn-${process.pid}-`}${index}`;
    createNamespaces(name, scenario);
    let result;
    try {
      result = await callInside(name, scenario, index);
    } finally {
      deleteNamespaces(name);
    }
    const m = measure(result);
    rows.push(tableRow(m));
    t.diagnostic(JSON.stringify(m));

    assert.ok(m.connected, `the call connected (phone ICE ${result.phoneIce})`);
    assert.ok(m.relayed, `through TURN: ${m.pair}`);
    assert.ok(m.mostInOneSecond <= 10, `at most 10 client events in any second, got ${m.mostInOneSecond}`);
    assert.equal(m.refused, 0, `no 4301: ${JSON.stringify(result.refusals)}`);
    assert.deepEqual(result.refusalLogs, []);
    assert.ok(m.gathered > 0, 'the kiosk gathered candidates on its networks');
    assert.equal(m.missed, 0, `every candidate the kiosk gathered reached the phone; missed: ${m.missedTypes.join(', ')}`);
    assert.ok(m.hangupDelivered, "the kiosk's client-hangup reached the phone");
    assert.deepEqual(result.phoneErrors, [], 'the phone took the answer and every candidate');
  });
});
