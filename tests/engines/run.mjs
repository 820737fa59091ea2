// `npm run test:engines`: the engines tier (tests/engines/README.md). Finds
// what it drives besides the npm packages: Debian's Chromium (the current
// engine and the calls' far end), WebKitGTK's WebKitWebDriver and xvfb-run,
// and the room leg's Janus with `ip` for its network namespace.
// Missing ones are installed with apt-get when running as root (as CI does);
// otherwise it fails saying what to install. It never skips an engine.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CURRENT_CHROMIUM } from './engines.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A command the tier needs, and the Debian package that brings it. */
const NEEDS = [
  [CURRENT_CHROMIUM, 'chromium'],
  ['WebKitWebDriver', 'webkit2gtk-driver'],
  ['xvfb-run', 'xvfb'],
  ['xauth', 'xauth'],
  ['/usr/bin/janus', 'janus'],
  ['ip', 'iproute2'],
];

const found = (command) => spawnSync('sh', ['-c', `command -v "${command}"`], { stdio: 'ignore' }).status === 0;
const missing = NEEDS.filter(([command]) => !found(command)).map(([, pkg]) => pkg);

function fail(message) {
  console.error(`\n[test:engines] ${message}\n`);
  process.exit(1);
}

function apt(args) {
  console.log(`[test:engines] $ apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) fail(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

if (missing.length > 0) {
  if (process.getuid?.() !== 0 || !found('apt-get')) {
    fail(`Missing: ${missing.join(', ')}. Install them (Debian or Ubuntu: sudo apt-get install -y ${missing.join(' ')}), then run again.`);
  }
  apt(['update']);
  apt(['install', '-y', '-o', 'DPkg::Lock::Timeout=600', ...missing]);
}

const child = spawn(process.execPath, ['--test', '--test-reporter=spec', ...process.argv.slice(2), 'tests/engines/engines.test.mjs'], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
