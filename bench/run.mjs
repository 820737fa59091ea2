// `npm run bench`: the panel's figures in one table, each against its budget,
// with Chromium's main thread slowed 4x through the DevTools protocol to stand
// in for the panel (see bench/README.md for what each row measures).
//
//   bundle  gzip bytes the welcome screen loads, of everything, of each lazy chunk
//   start   navigation to the welcome title painted: empty storage, persisted data
//   digit   a digit pressed the moment the welcome shows: navigation to code entry showing it
//   gate    the fifth digit's keydown to the hardware socket receiving `wiegand`,
//           first code on a fresh page and later codes on a warm one
//   input   Event Timing: first digit on home, digits on /enter-code, directory page turns
//   keys    Event Timing of every key of a visitor's sequences, by kind (digits,
//           the fifth digit, BACK, DOWN and UP on home, code entry, the directory)
//   restart a browser restarted on a persisted profile: navigation to the welcome painted
//   qr      jsQR beside zxing-wasm on the same 100 camera frames
//   soak    `npm run bench:memory` with 300 visitor sessions (about half an hour)
//
// The scale rows, each at 5,000 and 50,000 residents with the ratio (scale.mjs):
//   poll, directory, lookup, wiegand, search
// and at 50,000 residents against the visitor's-path budgets (scale.mjs):
//   large   start after a reload, the first code's gate signal, the longest
//           main-thread task while a changed property is taken
// and at 5,000 and 100,000 queued records (queue.mjs):
//   queue   one sent batch
//   stored  the size of each stored part at those scales (stored.mjs)
//
// Writes bench/results.json. Options (env): BENCH_ROWS (a comma-separated
// subset of the rows above; all of them by default), BENCH_SESSIONS (soak,
// default 300), BENCH_SCALE_CODES (wiegand and large, default 10), BENCH_CHANGES (large, default 3), BENCH_SEARCHES (search, default 6), BENCH_LOOKUPS
// (lookup, default 4), BENCH_KEY_ROUNDS (keys, default 10 rounds of 16 presses), BENCH_RESTARTS (restart, default 10), BENCH_POLLS (poll, default 20), BENCH_CODES (gate on
// fresh pages, default 20), BENCH_WARM_CODES (gate on a warm page, default 20),
// CHROMIUM_PATH.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { measureBundle } from './bundle.mjs';
import { CHROMIUM, CHROMIUM_ARGS, CPU_SLOWDOWN, startKiosk } from './common.mjs';
import { measureDirectoryPaging, measureGate, measureVisitorKeys, measureWarmGate, WARM_PAGE_ENV } from './keys.mjs';
import { largeSeed } from '../simulator/seed.mjs';
import { measureQr } from './qr.mjs';
import { measureQueue } from './queue.mjs';
import { measureStoredSizes } from './stored.mjs';
import { bundleLines, digitAtWelcomeLines, gateLines, inputLines, keyLines, largeLines, qrLines, queueLines, restartLines, scaleLines, soakLines, startLines, storedLines } from './rows.mjs';
import { LARGE_RESIDENTS, measureScale, SCALE_ROWS } from './scale.mjs';
import { machine, printTable, writeResults } from './report.mjs';
import { measureDigitAtWelcome, measureRestart, measureStart } from './start.mjs';

const ROWS = (process.env.BENCH_ROWS ?? 'bundle,start,restart,digit,gate,input,keys,qr,soak,poll,directory,lookup,wiegand,search,large,queue,stored').split(',');
const QUEUE_SIZES = [5000, 100_000];
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 300);
const RESIDENTS = 5000;
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** bench:memory in a process of its own; resolves with the summary it writes. */
async function soak() {
  const dir = await mkdtemp(path.join(tmpdir(), 'kiosk-bench-soak-'));
  const summary = path.join(dir, 'soak.json');
  try {
    const code = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(HERE, 'memory.mjs'), String(SESSIONS)], {
        stdio: 'inherit',
        env: { ...process.env, BENCH_SUMMARY: summary },
      });
      child.on('error', reject);
      child.on('exit', resolve);
    });
    const result = JSON.parse(await readFile(summary, 'utf8'));
    return { ...result, exitCode: code };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const started = performance.now();
const results = {};
const lines = [];
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const about = machine(browser.version());
console.log(`Kiosk benchmark ${about.date}: ${about.cores} cores (${about.cpu}), load average ${about.loadAverage.join(' ')}, Chromium ${about.chromium}`);
console.log(`Main thread slowed ${CPU_SLOWDOWN}x for start, gate and input; a ${RESIDENTS.toLocaleString('en')}-resident property. Rows: ${ROWS.join(', ')}`);
try {
  if (ROWS.some((row) => ['bundle', 'start', 'restart', 'digit', 'gate', 'input', 'keys', ...SCALE_ROWS].includes(row))) {
    const kiosk = await startKiosk({ property: largeSeed(RESIDENTS), build: { manifest: true } });
    try {
      if (ROWS.includes('bundle')) lines.push(...bundleLines((results.bundle = await measureBundle(kiosk.dir))));
      if (ROWS.includes('start')) {
        console.log('start: 10 starts with empty storage, 10 with persisted data, with 5,000 residents and with the seeded property...');
        const seeded = await startKiosk();
        try {
          results.start = { large: await measureStart(browser, kiosk), seeded: await measureStart(browser, seeded) };
        } finally {
          await seeded.close();
        }
        lines.push(...startLines(results.start.large, `${RESIDENTS.toLocaleString('en')} residents`), ...startLines(results.start.seeded, 'seeded property'));
      }
      if (ROWS.includes('restart')) {
        console.log('restart: a browser restarted 10 times on a persisted profile...');
        const runs = Number(process.env.BENCH_RESTARTS ?? 10);
        lines.push(...restartLines((results.restart = await measureRestart(kiosk, { runs, executablePath: CHROMIUM, args: CHROMIUM_ARGS }))));
      }
      if (ROWS.includes('digit')) {
        console.log('digit at welcome: 10 starts with persisted data, a digit pressed as the welcome shows...');
        lines.push(...digitAtWelcomeLines((results.digitAtWelcome = await measureDigitAtWelcome(browser, kiosk)), `${RESIDENTS.toLocaleString('en')} residents`));
      }
      if (ROWS.includes('gate') || ROWS.includes('input')) {
        console.log('gate: 20 codes, each on a fresh page (about 6 s a code)...');
        const fresh = await measureGate(browser, kiosk);
        console.log('input: page turns on the directory...');
        const paging = await measureDirectoryPaging(browser, kiosk);
        if (ROWS.includes('gate')) {
          console.log('gate: 20 codes on a warm page (a build that does not reload)...');
          const warmKiosk = await startKiosk({ property: largeSeed(RESIDENTS), env: WARM_PAGE_ENV });
          try {
            lines.push(...gateLines((results.gate = { fresh, warm: await measureWarmGate(browser, warmKiosk) })));
          } finally {
            await warmKiosk.close();
          }
        }
        if (ROWS.includes('input')) lines.push(...inputLines((results.input = { ...fresh, ...paging })));
      }
      if (ROWS.includes('keys')) {
        console.log("keys: a visitor's sequences, each round on a fresh page (about 10 s a round)...");
        lines.push(...keyLines((results.keys = await measureVisitorKeys(browser, kiosk))));
      }
      // Last: they change the property the simulator serves.
      if (ROWS.some((row) => SCALE_ROWS.includes(row))) {
        results.scale = await measureScale(browser, kiosk, ROWS);
        if (ROWS.some((row) => row !== 'large' && SCALE_ROWS.includes(row))) lines.push(...scaleLines(results.scale));
        if (ROWS.includes('large')) lines.push(...largeLines(results.scale[LARGE_RESIDENTS], LARGE_RESIDENTS));
      }
    } finally {
      await kiosk.close();
    }
  }
  if (ROWS.includes('qr')) {
    console.log('qr: 100 frames, two decoders, in a worker and on a slowed main thread...');
    lines.push(...qrLines((results.qr = await measureQr(browser))));
  }
} finally {
  await browser.close();
}
if (ROWS.includes('queue')) lines.push(...queueLines((results.queue = await measureQueue(QUEUE_SIZES))));
if (ROWS.includes('stored')) lines.push(...storedLines((results.stored = await measureStoredSizes([5_000, 50_000], QUEUE_SIZES))));
// Last and longest: a soak that fails leaves the rows measured before it printed and written, and says why.
let soakFailed = null;
if (ROWS.includes('soak')) {
  try {
    lines.push(...soakLines((results.soak = await soak())));
  } catch (error) {
    soakFailed = error;
    lines.push({ row: 'soak', figure: 'soak', value: `failed: ${error.message.split('\n')[0]}`, budget: null });
  }
}

printTable(lines);
const file = path.join(HERE, 'results.json');
await writeResults(file, { ...about, loadAverageAtEnd: machine(about.chromium).loadAverage, cpuSlowdown: CPU_SLOWDOWN, table: lines, results });
console.log(`\nWritten to ${path.relative(process.cwd(), file)}. Total ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (soakFailed) {
  console.error(soakFailed);
  process.exitCode = 1;
}
