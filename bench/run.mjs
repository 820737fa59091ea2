// `npm run bench`: the panel's figures in one table, each against its budget,
// with Chromium's main thread slowed 4x through the DevTools protocol to stand
// in for the panel (see bench/README.md for what each row measures).
//
//   bundle  gzip bytes the welcome screen loads, of everything, of each lazy chunk
//   start   navigation to the welcome title painted: empty storage, persisted data
//   gate    the fifth digit's keydown to the hardware socket receiving `wiegand`
//   input   Event Timing: digits on /enter-code, page turns on the directory
//   qr      jsQR beside zxing-wasm on the same 100 camera frames
//   soak    `npm run bench:memory` with 300 visitor sessions (about half an hour)
//
// Writes bench/results.json. Options (env): BENCH_ROWS (a comma-separated
// subset of the rows above), BENCH_SESSIONS (soak, default 300), CHROMIUM_PATH.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { measureBundle } from './bundle.mjs';
import { CHROMIUM, CHROMIUM_ARGS, CPU_SLOWDOWN, startKiosk } from './common.mjs';
import { measureDirectoryPaging, measureGate } from './keys.mjs';
import { largeProperty } from './property.mjs';
import { measureQr } from './qr.mjs';
import { bundleLines, gateLines, inputLines, qrLines, soakLines, startLines } from './rows.mjs';
import { machine, printTable, writeResults } from './report.mjs';
import { measureStart } from './start.mjs';

const ROWS = (process.env.BENCH_ROWS ?? 'bundle,start,gate,input,qr,soak').split(',');
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
  if (ROWS.some((row) => ['bundle', 'start', 'gate', 'input'].includes(row))) {
    const kiosk = await startKiosk({ property: largeProperty(RESIDENTS), build: { manifest: true } });
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
      if (ROWS.includes('gate') || ROWS.includes('input')) {
        console.log('gate: 50 codes, each on a fresh page (about 6 s a code)...');
        const gate = await measureGate(browser, kiosk);
        console.log('input: page turns on the directory...');
        const paging = await measureDirectoryPaging(browser, kiosk);
        if (ROWS.includes('gate')) lines.push(...gateLines((results.gate = gate)));
        if (ROWS.includes('input')) lines.push(...inputLines((results.input = { ...gate, ...paging })));
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
if (ROWS.includes('soak')) lines.push(...soakLines((results.soak = await soak())));

printTable(lines);
const file = path.join(HERE, 'results.json');
await writeResults(file, { ...about, loadAverageAtEnd: machine(about.chromium).loadAverage, cpuSlowdown: CPU_SLOWDOWN, table: lines, results });
console.log(`\nWritten to ${path.relative(process.cwd(), file)}. Total ${((performance.now() - started) / 1000).toFixed(0)} s`);
