// `npm run test:network`: the two-network TURN call (turn.test.mjs). It
// builds network namespaces, so it needs root and iproute2's `ip`; coturn's
// `turnserver` and Chromium are installed with apt-get when missing and
// running as root (as CI does), with a policy-rc.d that keeps apt from
// starting coturn's service, put back as it was found. It never skips.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deleteNamespaces } from './netns.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const POLICY = '/usr/sbin/policy-rc.d';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** A command the test needs, and the Debian package that brings it. */
const NEEDS = [
  ['turnserver', 'coturn'],
  [CHROMIUM, 'chromium'],
];

const found = (command) => spawnSync('sh', ['-c', `command -v "${command}"`], { stdio: 'ignore' }).status === 0;

function fail(message) {
  console.error(`\n[test:network] ${message}\n`);
  process.exit(1);
}

/** Runs apt-get with a policy-rc.d that refuses every service start; the one found before (or none) is put back. */
function aptInstall(packages) {
  const saved = existsSync(POLICY) ? `${POLICY}.kiosk-test-saved` : null;
  if (saved) renameSync(POLICY, saved);
  writeFileSync(POLICY, '#!/bin/sh\n# Written by the kiosk tests while they install packages: no service starts.\nexit 101\n', { mode: 0o755 });
  try {
    for (const args of [['update'], ['install', '-y', '-o', 'DPkg::Lock::Timeout=600', ...packages]]) {
      console.log(`[test:network] $ apt-get ${args.join(' ')}`);
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      if (result.status !== 0) fail(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    }
  } finally {
    rmSync(POLICY, { force: true });
    if (saved) renameSync(saved, POLICY);
  }
}

if (process.getuid?.() !== 0) fail('Needs root: it builds network namespaces (ip netns). Run it as root, e.g. sudo npm run test:network.');
if (!found('ip')) fail('Missing `ip`: install iproute2 (sudo apt-get install -y iproute2), then run again.');
const missing = NEEDS.filter(([command]) => !found(command)).map(([, pkg]) => pkg);
if (missing.length > 0) {
  if (!found('apt-get')) fail(`Missing: ${missing.join(', ')}. Install them (Debian or Ubuntu: apt-get install -y ${missing.join(' ')}), then run again.`);
  aptInstall(missing);
}
// The test names its namespaces after this run, so that those a killed test leaves behind can go here.
const prefix = `kiosk-turn-${process.pid}-`;
const env = { ...process.env, KIOSK_TURN_NAMESPACES: prefix };
const child = spawn(process.execPath, ['--test', '--test-reporter=spec', ...process.argv.slice(2), 'tests/network/turn.test.mjs'], { cwd: ROOT, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  const left = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).stdout.split('\n').map((line) => line.split(' ')[0] ?? '');
  for (const name of left.filter((each) => each.startsWith(prefix) && !each.endsWith('-turn'))) deleteNamespaces(name);
  process.exit(code ?? (signal ? 1 : 0));
});
