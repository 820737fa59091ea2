// `npm run test:e2e`: finds a Chromium, then runs Playwright with it.
//
// Order: $CHROMIUM_PATH, else /usr/bin/chromium. With neither, and when
// running as root with apt-get available, installs Debian's `chromium`
// package. Otherwise fails with a message saying how to get one. It never
// skips the suite and never downloads a browser build of its own.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const root = fileURLToPath(new URL('../..', import.meta.url));

/** @param {string} file */
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** @param {string} message */
function fail(message) {
  console.error(`\n[test:e2e] ${message}\n`);
  process.exit(1);
}

const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** @param {string[]} args */
function runOrFail(args) {
  console.log(`[test:e2e] $ ${args.join(' ')}`);
  const result = spawnSync(args[0], args.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) fail(`\`${args.join(' ')}\` failed (exit ${result.status ?? result.signal}); no Chromium to test with.`);
}

function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.warn(`[test:e2e] CHROMIUM_PATH=${fromEnv} is not an executable file; trying ${DEBIAN_CHROMIUM}.`);
  }
  if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;

  if (isRoot() && hasAptGet()) {
    console.log(`[test:e2e] No Chromium found; installing Debian's chromium package.`);
    runOrFail(['apt-get', 'update']);
    runOrFail(['apt-get', 'install', '-y', 'chromium']);
    if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
    fail(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is still missing.`);
  }
  return fail(
    [
      'No Chromium found, so the end-to-end tests cannot run.',
      `Looked at $CHROMIUM_PATH (${fromEnv ? fromEnv : 'not set'}) and ${DEBIAN_CHROMIUM}.`,
      'Get one of these:',
      '  - on Debian or Ubuntu: sudo apt-get update && sudo apt-get install -y chromium',
      '    (as root, this script installs it by itself)',
      '  - or point CHROMIUM_PATH at an installed Chromium or Chrome binary:',
      '    CHROMIUM_PATH=/path/to/chromium npm run test:e2e',
      'This suite never downloads a browser: do not run `playwright install`.',
    ].join('\n'),
  );
}

const chromiumPath = findChromium();
console.log(`[test:e2e] Chromium: ${chromiumPath}`);

const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromiumPath },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (err) => fail(`could not start Playwright: ${err.message}`));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
