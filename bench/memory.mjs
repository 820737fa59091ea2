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
// forced GC through CDP, then JSHeapUsedSize, DOM Nodes and JSEventListeners
// (Performance.getMetrics), the camera tracks, QR Workers and peer connections
// the page created, stopped or closed, and still holds after GC (counted
// through wrappers installed before the kiosk's code runs, with weak
// references), and the workers Chromium still runs. Prints the growth per
// session over the whole run and over its second half, and a verdict: the heap
// limit (1 KB a session) applies to the second half, since V8 compiles hot
// code over the first ~100 sessions; DOM nodes, listeners, tracks, workers and
// peer connections must not grow at all.
//
// Options: sessions as the first argument (`npm run bench:memory -- 500`) or
// BENCH_CYCLES; BENCH_WARMUP (default 20); BENCH_SETTLE_MS; BENCH_LEGS (below);
// CHROMIUM_PATH; BENCH_HEAP_SNAPSHOTS=dir writes a .heapsnapshot after warm-up
// and at the end (DevTools' Memory tab, Comparison); BENCH_SUMMARY=file writes
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
import { installCounters, roundTrip, typeCode } from './memory-page.mjs';

const CYCLES = Number(process.argv[2] ?? process.env.BENCH_CYCLES ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const CHECK_EVERY = 50;
const PROPERTY_EVERY = 10;
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS;
const SUMMARY = process.env.BENCH_SUMMARY;
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
const CODES = { granted: { code: '10001', title: 'Access Granted!' }, refused: { code: '99999', title: "Sorry, that code didn't work" } };
/** Longest wait for a notification to go: it is dropped 5 s after it shows. */
const NOTIFICATION_GONE_MS = 8000;
/** Verdict thresholds, per session, after GC. */
const LIMITS = { heap: 1024, nodes: 0.5, listeners: 0.05 };

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
await buildForSimulator({ host: HOST, port: new URL(sim.url).port, outDir, env, logLevel: 'error' });
const kiosk = await startStaticServer({ dir: outDir, port: 0, host: HOST });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

// The resident's app for answered and denied calls: the console, in a browser of its own (a page behind another gets no frames).
const farEndBrowser = LEGS.some((leg) => leg === 'call-answered' || leg === 'call-denied')
  ? await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  : null;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const signed = (value, digits = 1) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;

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

  /** BACK on home calls the manager; resolves with the back end's call id once it has the call. */
  async function placeCall() {
    const known = sim.state.calls.length;
    await page.evaluate(() =>
      window.__bench.time(
        () => window.__bench.key('Escape'),
        () => document.querySelector('.call-status')?.textContent.startsWith('Calling') ?? false,
      ),
    );
    for (let i = 0; sim.state.calls.length === known; i += 1) {
      if (i > 400) throw new Error('The kiosk never created the call');
      await sleep(25);
    }
    return sim.state.calls.at(-1).id;
  }

  /** Waits until the notification has been dropped and the kiosk is home again. */
  async function notificationGone(leg) {
    // A boolean, not the element: a returned element would be kept alive by Playwright's handle to it.
    await page.waitForFunction(() => !document.querySelector('[role="alertdialog"]') && document.querySelector('.home-links') !== null, null, {
      timeout: NOTIFICATION_GONE_MS,
    });
    if (loads > loadsAtStart) throw new Error(`${leg}: the page reloaded after the notification`);
  }

  /** A call that ends by BACK (once placed, or once answered with video), or denied by the far end. */
  async function callLeg(leg) {
    const id = await placeCall();
    if (leg === 'call-denied') {
      await farEnd.locator('#call-info', { hasText: `${id} ` }).waitFor();
      sim.callAction('deny', id);
      await page.getByRole('alertdialog').waitFor();
      return notificationGone(leg);
    }
    if (leg === 'call-answered') {
      await farEnd.locator('#call-info', { hasText: `${id} ` }).waitFor();
      await farEnd.getByRole('button', { name: 'Answer with video' }).click();
      await page.waitForFunction(() => document.querySelector('.call-status')?.textContent.startsWith('Connected'), null, { timeout: 10_000 });
    }
    const left = await page.evaluate(async () => {
      await window.__bench.time(() => window.__bench.key('Escape'), () => document.querySelector('.home-links') !== null);
      return document.querySelector('[role="alertdialog"]')?.getAttribute('aria-label') ?? null;
    });
    if (left) throw new Error(`${leg}: a notification showed (${left})`);
  }

  /** A whole code typed on home: the notification it must bring, then home again once it is dropped. */
  async function codeLeg(leg) {
    const { code, title } = CODES[leg];
    const shown = await page.evaluate(typeCode, code);
    if (shown !== title) throw new Error(`${leg}: '${shown}' showed, not '${title}'`);
    await notificationGone(leg);
  }

  async function cycle(index) {
    await page.evaluate(roundTrip, LEGS);
    const outcome = OUTCOMES[index % OUTCOMES.length];
    if (outcome) await (outcome.startsWith('call-') ? callLeg(outcome) : codeLeg(outcome));
    if (LEGS.includes('property') && (index + 1) % PROPERTY_EVERY === 0) await propertyUpdated();
  }

  async function measure(label, cyclesDone) {
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
    };
    const previous = rows.at(-1);
    const perCycle = previous ? `${signed((row.heap - previous.heap) / 1024 / (cyclesDone - previous.cycles), 2)} KB` : '';
    console.log(
      `  ${label.padEnd(13)} ${String(cyclesDone).padStart(6)}  ${kb(row.heap).padStart(10)}  ${perCycle.padStart(9)}` +
        `  ${String(row.nodes).padStart(5)}  ${String(row.listeners).padStart(9)}` +
        `  ${`${row.tracksCreated - row.tracksStopped}/${row.tracksCreated}`.padStart(7)}  ${String(row.tracksReachable).padStart(9)}` +
        `  ${`${row.workersCreated - row.workersTerminated}/${row.workersCreated}`.padStart(7)}  ${String(row.runningWorkers).padStart(7)}` +
        `  ${String(row.workersReachable).padStart(9)}  ${`${row.peersOpen}/${row.peersCreated}`.padStart(7)}  ${String(row.peersReachable).padStart(9)}` +
        `  ${kb(row.embedder).padStart(10)}`,
    );
    rows.push(row);
    return row;
  }

  async function snapshot(name) {
    if (!SNAPSHOTS) return;
    await mkdir(SNAPSHOTS, { recursive: true });
    const chunks = [];
    const onChunk = ({ chunk }) => chunks.push(chunk);
    cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    const file = path.join(SNAPSHOTS, `${name}.heapsnapshot`);
    await writeFile(file, chunks.join(''));
    console.log(`  (heap snapshot ${file})`);
  }

  console.log(`Kiosk memory benchmark: Chromium ${browser.version()}, GEN2 800x480, seeded property, legs ${LEGS.join(',')}`);
  console.log(
    'A session: 1 2 BACK | DOWN DOWN BACK | GO (camera plays, a frame to the QR worker) BACK, then one outcome in turn: ' +
      `${OUTCOMES.join(', ')}; property-updated every ${PROPERTY_EVERY} sessions (legs not chosen are skipped)`,
  );
  const t0 = performance.now();
  for (let i = 0; i < WARMUP; i += 1) await cycle(i);
  console.log(`Warm-up: ${WARMUP} sessions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`Each checkpoint: ${SETTLE_MS / 1000} s wait, forced GC, then the figures\n`);
  console.log('                               JS heap             DOM     JS event    camera tracks       QR workers                  peer connections       Blink');
  console.log('  checkpoint  sessions      used  per sess.  nodes  listeners  unstopped  uncollected  unterm.  running  uncollected     open  uncollected  heap');
  const loadsBefore = loads;
  const consoleErrorsBefore = consoleErrors.length;
  await measure('after warm-up', 0);
  await snapshot('after-warmup');
  const t1 = performance.now();
  for (let i = 0; i < CYCLES; i += 1) {
    await cycle(WARMUP + i);
    if ((i + 1) % CHECK_EVERY === 0 && i + 1 < CYCLES) await measure(`session ${i + 1}`, i + 1);
  }
  const loopMs = performance.now() - t1;
  await measure('end', CYCLES);
  await snapshot('end');
  const reloads = loads - loadsBefore;

  const first = rows[0];
  const last = rows.at(-1);
  // The second half: compiling hot code (V8's optimizing tiers) adds to the heap over the first ~100 cycles and then levels off.
  const mid = rows.find((row) => row.cycles >= CYCLES / 2 && row !== last) ?? first;
  const rate = (key, from) => (last[key] - from[key]) / (last.cycles - from.cycles);
  console.log(`\n${CYCLES} sessions in ${(loopMs / 1000).toFixed(1)} s (${(loopMs / CYCLES).toFixed(0)} ms a session, checkpoints excluded)`);
  console.log(`Growth per session after GC      whole run (0-${CYCLES})   second half (${mid.cycles}-${CYCLES})`);
  console.log(`  JS heap used                 ${`${signed(rate('heap', first) / 1024, 2)} KB`.padStart(12)}   ${`${signed(rate('heap', mid) / 1024, 2)} KB`.padStart(12)}`);
  console.log(`  DOM nodes                    ${signed(rate('nodes', first), 2).padStart(12)}   ${signed(rate('nodes', mid), 2).padStart(12)}`);
  console.log(`  JS event listeners           ${signed(rate('listeners', first), 2).padStart(12)}   ${signed(rate('listeners', mid), 2).padStart(12)}`);
  console.log(`  Blink heap (see note)        ${`${signed(rate('embedder', first) / 1024, 2)} KB`.padStart(12)}   ${`${signed(rate('embedder', mid) / 1024, 2)} KB`.padStart(12)}`);
  console.log(
    `Camera: ${last.gumCalls} getUserMedia calls, ${last.tracksCreated} tracks, ${last.tracksStopped} stopped, ` +
      `${last.tracksReachable} not yet collected after GC`,
  );
  console.log(
    `QR workers: ${last.workersCreated} created, ${last.workersTerminated} terminated, ${last.runningWorkers} running in Chromium, ` +
      `${last.workersReachable} not yet collected after GC; ${last.framesPosted} frames sent`,
  );
  if (last.peersCreated > 0) {
    console.log(`Peer connections: ${last.peersCreated} created, ${last.peersOpen} open, ${last.peersReachable} not yet collected after GC`);
  }
  console.log(`Page: ${reloads} reloads, ${consoleErrors.length - consoleErrorsBefore} console errors during the run`);
  console.log(
    'Note: the Blink heap also holds what DevTools records for this CDP session (network request data, kept only\n' +
      'while a debugger is attached) and bounded browser records (resource timing 250, layout shifts 150, 50 history\n' +
      'entries, closed media players for the DevTools Media panel, culled past a fixed event count): its growth is\n' +
      'shown, not judged.',
  );

  const problems = [];
  if (reloads !== 0) problems.push(`the page reloaded ${reloads} times during the run: figures are invalid`);
  if (errors.length > 0) problems.push(`uncaught errors in the page: ${[...new Set(errors)].join(' | ')}`);
  const heapRate = rate('heap', mid);
  if (heapRate >= LIMITS.heap) problems.push(`JS heap grows ${kb(heapRate)} a session (limit ${kb(LIMITS.heap)})`);
  if (rate('nodes', first) >= LIMITS.nodes) problems.push(`DOM nodes grow ${rate('nodes', first).toFixed(2)} a session`);
  if (rate('listeners', first) >= LIMITS.listeners) problems.push(`event listeners grow ${rate('listeners', first).toFixed(2)} a session`);
  if (last.tracksCreated !== last.tracksStopped) problems.push(`${last.tracksCreated - last.tracksStopped} camera tracks never stopped`);
  if (last.tracksReachable > first.tracksReachable) problems.push(`${last.tracksReachable} camera tracks still held after GC`);
  if (last.runningWorkers > 0 || last.workersCreated !== last.workersTerminated) {
    problems.push(`${last.workersCreated - last.workersTerminated} QR workers never terminated (${last.runningWorkers} running)`);
  }
  if (last.workersReachable > first.workersReachable) problems.push(`${last.workersReachable} QR worker objects still held after GC`);
  if (last.peersOpen > 0) problems.push(`${last.peersOpen} peer connections never closed`);
  if (last.peersReachable > first.peersReachable) problems.push(`${last.peersReachable} peer connections still held after GC`);
  const verdict =
    problems.length === 0
      ? `NO LEAK: JS heap ${signed(heapRate / 1024, 2)} KB a session after GC (limit ${kb(LIMITS.heap)}); ` +
        'DOM nodes, listeners, camera tracks, QR workers and peer connections all given back'
      : `LEAK: ${problems.join('; ')}`;
  console.log(`\nVerdict: ${verdict}`);
  if (SUMMARY) await writeFile(SUMMARY, JSON.stringify({ sessions: CYCLES, first, mid, last, reloads, verdict, problems, loopMs }));
  console.log(`Total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await farEndBrowser?.close();
  await browser.close();
  await kiosk.close();
  await sim.close();
  await rm(work, { recursive: true, force: true });
}
