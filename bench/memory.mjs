// `npm run bench:memory`: does a visitor session leak? The kiosk runs for
// months in one page, so every screen must give back what it took.
//
// Against a fresh simulator and a development build (its 10 s call count-down
// keeps the calls under the limit of 10 an hour; and with
// VITE_TEST_NO_RELOAD_AFTER_NOTIFICATION, which only a development build
// honours, the page is not reloaded after each notification: that reload
// would wipe any leak), in Debian's headless Chromium (GEN2, 800x480), it
// warms up, then runs N visitor sessions (default 300). Each session:
//   home -> enter-code ('1', '2') -> BACK -> directory (DOWN, DOWN to page 2)
//   -> BACK -> scan-qr (GO, wait for the video to play and a frame to reach
//   the QR worker) -> BACK
// then one outcome, in turn: a valid code typed ('Access Granted!', the gate
// opened), a call to the manager answered with live video by the console and
// left, an invalid code ('Sorry, that code didn't work'), a call cancelled once
// placed, a call denied by the far end. After a notification the session waits
// until it is gone. Every 10th session a `property-updated` event, waiting for
// the kiosk to reload the property. A page reload during the run is reported
// and makes the verdict invalid.
//
// After warm-up, every 50 sessions and at the end: a 9 s wait (see SETTLE_MS),
// forced GC through CDP, JSHeapUsedSize, DOM Nodes and JSEventListeners
// (Performance.getMetrics), the tracks, QR workers and peer connections the
// page made, stopped or closed and still holds (weak references in wrappers
// installed before the kiosk's code), the workers Chromium runs, and a heap
// snapshot's census (heap-census.mjs): the V8 heap as objects and compiled
// code, the scripts V8 holds, and the tracks, peer connections, workers and
// call-leg objects still held. Verdict (memory-report.mjs): objects under 1 KB
// a session over the second half; compiled code, which V8 adds as it optimizes
// hot functions over the first ~100 sessions, must level off, and no script
// may be added; DOM nodes and listeners flat; nothing of a session held.
//
// Options: sessions as the first argument (`npm run bench:memory -- 500`) or
// BENCH_CYCLES; BENCH_WARMUP (default 20); BENCH_SETTLE_MS; BENCH_LEGS (below); BENCH_ROOM_TWIN;
// CHROMIUM_PATH; BENCH_HEAP_SNAPSHOTS=dir writes each checkpoint's .heapsnapshot
// (DevTools' Memory tab, Comparison); BENCH_SUMMARY=file writes
// the figures as JSON (npm run bench's soak row). Exits 1 when it finds a leak.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildForSimulator } from '../scripts/build-for-simulator.mjs';
import { startStaticServer } from '../scripts/static-server.mjs';
import { startSimulator } from '../simulator/server.mjs';
import { CHROMIUM, CHROMIUM_ARGS, HOST, VIEWPORT, sleep } from './common.mjs';
import { inPage } from './in-page.mjs';
import { heapCensus } from './heap-census.mjs';
import { sessionOutcomes } from './memory-outcomes.mjs';
import { installCounters, leaveGuidance, roundTrip } from './memory-page.mjs';
import { TABLE_HEAD, checkpointLines, summarize } from './memory-report.mjs';

const CYCLES = Number(process.argv[2] ?? process.env.BENCH_CYCLES ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const CHECK_EVERY = 50;
const PROPERTY_EVERY = 10;
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS;
const SUMMARY = process.env.BENCH_SUMMARY;
/** BENCH_ROOM_TWIN=1: the property has the video provider (telnyx_enabled), so calls join the video room twin, not a peer connection. */
const ROOM_TWIN = process.env.BENCH_ROOM_TWIN === '1';
/**
 * Wait before each measurement. Chromium keeps every getUserMedia() promise,
 * and so the MediaStream it resolved to, alive for 8 s after the call (a
 * persistent handle in ScriptPromiseResolverWithTracker, for its timeout
 * metric): whatever a stream's tracks reference (the scan screen's 'ended'
 * listener and, through it, the whole scan screen) is held that long. A
 * measurement sooner than 8 s after the last scan counts those as leaked.
 */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 9000);
/**
 * To find which screen leaks: BENCH_LEGS=code,directory,qr,property and the outcomes
 * granted,call-answered,refused,call-cancelled,call-denied (default all). The call legs call
 * the manager: cancelled once the back end has the call; answered with live video by the
 * simulator's console in a second browser, then left by BACK; denied by the console.
 */
const LEGS = (process.env.BENCH_LEGS ?? 'code,directory,qr,property,granted,call-answered,refused,call-cancelled,call-denied').split(',');
const OUTCOMES = ['granted', 'call-answered', 'refused', 'call-cancelled', 'call-denied'].filter((leg) => LEGS.includes(leg));

if (!Number.isInteger(CYCLES) || CYCLES < 1) throw new Error(`Cycles must be a positive integer, got ${process.argv[2] ?? process.env.BENCH_CYCLES}`);

const started = performance.now();
const work = await mkdtemp(path.join(tmpdir(), 'kiosk-bench-memory-'));
const sim = await startSimulator({ port: 0, host: HOST });

const outDir = path.join(work, 'dist');
// Development: calls count down after 10 s instead of an hour, so the call legs are
// not refused by the limit of 10 calls; no reload after a notification (see above); and
// no hourly or daily guessing budget: the refused-code leg (one session in 5) spends the
// hour's 30 within a soak, and the lock then keeps code entry from taking digits.
const env = {
  VITE_APP_ENV: 'development',
  VITE_TEST_NO_RELOAD_AFTER_NOTIFICATION: 'true',
  VITE_CODE_LOCK_PER_HOUR: '0',
  VITE_CODE_LOCK_PER_DAY: '0',
};
await buildForSimulator({ host: HOST, port: new URL(sim.url).port, pusherPort: new URL(sim.pusherUrl).port, outDir, env, logLevel: 'error' });
const kiosk = await startStaticServer({ dir: outDir, port: 0, host: HOST });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

// The resident's app for answered and denied calls: the console, in a browser of its own (a page behind another gets no frames).
const farEndBrowser = LEGS.some((leg) => leg === 'call-answered' || leg === 'call-denied')
  ? await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  : null;

try {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.addInitScript(installCounters);
  await page.addInitScript(inPage);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const rows = [];
  let loads = 0;
  let loadsAtStart = 1;
  page.on('load', () => (loads += 1));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');

  if (ROOM_TWIN) sim.patchProperty({ featureFlags: { telnyx_enabled: true } });
  await page.goto(`${kiosk.url}/?token=demo-token&model=GEN2`);
  await page.getByRole('heading', { name: /^Welcome to / }).waitFor({ timeout: 20_000 });
  loadsAtStart = loads;
  // Real-time events reach the kiosk only once it is subscribed to the property's channel.
  for (let i = 0; sim.snapshot().connections.channels[sim.channelName()] !== 1; i += 1) {
    if (i > 200) throw new Error('The kiosk never subscribed to the property channel');
    await sleep(25);
  }

  /** `property-updated`, then waits until the kiosk has fetched the property again and is back to idle. */
  async function propertyUpdated() {
    const fetched = page.waitForResponse((response) => response.url().endsWith('/api/telephone-entry/property'), { timeout: 5000 });
    const delivered = sim.propertyUpdated();
    // The kiosk, and the console when it plays the far end.
    if (delivered !== (farEndBrowser ? 2 : 1)) throw new Error(`property-updated reached ${delivered} subscribers`);
    await fetched;
    await page.waitForFunction(() => !document.querySelector('.screen-footer.version')?.textContent?.endsWith('...'));
  }

  const farEnd = farEndBrowser ? await farEndBrowser.newPage() : null;
  if (farEnd) {
    await farEnd.goto(`${sim.url}/console`);
    await farEnd.waitForFunction(() => !document.getElementById('answer-video').disabled);
  }

  const { callLeg, codeLeg } = sessionOutcomes({ page, sim, farEnd, reloaded: () => loads > loadsAtStart, roomTwin: ROOM_TWIN });

  async function cycle(index) {
    await page.evaluate(roundTrip, LEGS);
    const outcome = OUTCOMES[index % OUTCOMES.length];
    if (outcome) await (outcome.startsWith('call-') ? callLeg(outcome) : codeLeg(outcome));
    if (LEGS.includes('property') && (index + 1) % PROPERTY_EVERY === 0) await propertyUpdated();
  }

  /** A heap snapshot through the DevTools protocol (it collects garbage first), written to SNAPSHOTS as `file` when given. */
  async function heapSnapshot(file) {
    const chunks = [];
    const onChunk = ({ chunk }) => chunks.push(chunk);
    cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    const text = chunks.join('');
    if (SNAPSHOTS && file) {
      await mkdir(SNAPSHOTS, { recursive: true });
      await writeFile(path.join(SNAPSHOTS, `${file}.heapsnapshot`), text);
    }
    return text;
  }

  async function measure(label, cyclesDone, file) {
    await sleep(SETTLE_MS);
    for (let i = 0; i < 3; i += 1) await cdp.send('HeapProfiler.collectGarbage');
    const counts = await page.evaluate(() => window.__memory.counts());
    for (let i = 0; i < 2; i += 1) await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
    const usage = await cdp.send('Runtime.getHeapUsage');
    const row = {
      label,
      cycles: cyclesDone,
      heap: metric.JSHeapUsedSize,
      nodes: metric.Nodes,
      listeners: metric.JSEventListeners,
      embedder: usage.embedderHeapUsedSize ?? 0,
      runningWorkers: page.workers().length,
      ...counts,
      ...heapCensus(await heapSnapshot(file)),
    };
    for (const line of checkpointLines(row, rows.at(-1))) console.log(line);
    if (SNAPSHOTS && file) console.log(`  (heap snapshot ${path.join(SNAPSHOTS, `${file}.heapsnapshot`)})`);
    rows.push(row);
    await page.evaluate(leaveGuidance);
  }

  console.log(
    `Kiosk memory benchmark: Chromium ${browser.version()}, GEN2 800x480, seeded property, legs ${LEGS.join(',')}` +
      `, calls ${ROOM_TWIN ? 'in the video room twin' : 'over a peer connection'}`,
  );
  console.log(
    'A session: 1 2 BACK | DOWN DOWN BACK | GO (camera plays, a frame to the QR worker) BACK, then one outcome in turn: ' +
      `${OUTCOMES.join(', ')}; property-updated every ${PROPERTY_EVERY} sessions (legs not chosen are skipped)`,
  );
  const t0 = performance.now();
  for (let i = 0; i < WARMUP; i += 1) await cycle(i);
  console.log(`Warm-up: ${WARMUP} sessions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`Each checkpoint: ${SETTLE_MS / 1000} s wait, forced GC, then the figures\n`);
  console.log(TABLE_HEAD);
  const loadsBefore = loads;
  const consoleErrorsBefore = consoleErrors.length;
  await measure('after warm-up', 0, 'after-warmup');
  const t1 = performance.now();
  for (let i = 0; i < CYCLES; i += 1) {
    await cycle(WARMUP + i);
    if ((i + 1) % CHECK_EVERY === 0 && i + 1 < CYCLES) await measure(`session ${i + 1}`, i + 1, `session-${i + 1}`);
  }
  const loopMs = performance.now() - t1;
  await measure('end', CYCLES, 'end');
  const reloads = loads - loadsBefore;

  const { lines, mid, problems, verdict } = summarize(rows, {
    sessions: CYCLES,
    reloads,
    errors: { page: errors, console: consoleErrors.length - consoleErrorsBefore },
  });
  console.log(`\n${CYCLES} sessions in ${(loopMs / 1000).toFixed(1)} s (${(loopMs / CYCLES).toFixed(0)} ms a session, checkpoints excluded)`);
  for (const line of lines) console.log(line);
  console.log(`\nVerdict: ${verdict}`);
  if (SUMMARY) await writeFile(SUMMARY, JSON.stringify({ sessions: CYCLES, first: rows[0], mid, last: rows.at(-1), reloads, verdict, problems, loopMs }));
  console.log(`Total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await farEndBrowser?.close();
  await browser.close();
  await kiosk.close();
  await sim.close();
  await rm(work, { recursive: true, force: true });
}
