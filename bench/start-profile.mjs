// Where a persisted start's time goes: `node bench/start-profile.mjs [runs]`
// (default 8). A production build with source maps, the simulator's large
// seed of 5,000 residents, one browser profile kept between starts (as on the
// panel after a notification's reload), the main thread slowed 4x. Each start,
// to home painted by the kiosk, is recorded twice over: a Chrome trace
// (compile, module evaluation, garbage collection, style, layout, paint, the
// HTML) and the DevTools protocol's CPU profile, whose samples are mapped
// through the source maps to the kiosk's own files (inclusive time: a sample
// counts for every area on its stack). The wall-clock milestones are
// main.tsx's User Timing marks (`kiosk:*`). Prints the median of each figure
// over the runs; instrumented starts are slower than the start row's, so
// compare figures of this script with each other. BENCH_TRACE=file.json keeps
// the last run's trace (open it in DevTools' Performance panel);
// BENCH_FUNCTIONS=40 also prints the 40 functions with the most time.
import { writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { largeSeed } from '../simulator/seed.mjs';
import { CHROMIUM, CHROMIUM_ARGS, VIEWPORT, round, slowDown, sourceMaps, startKiosk, stats } from './common.mjs';
import { machine } from './report.mjs';
import { watchForWelcome } from './start.mjs';

const RUNS = Number(process.argv[2] ?? 8);
const TRACE_CATEGORIES = ['devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'disabled-by-default-devtools.timeline', 'loading'];

/** Main-thread trace events, by name, summed into a figure. */
const TRACE_FIGURES = [
  ['compile (scripts and modules, code cache)', ['v8.compile', 'v8.compileModule', 'v8.produceCache', 'v8.produceModuleCache', 'v8.deserializeOnBackground']],
  ['module evaluation (all modules, inclusive)', ['v8.evaluateModule']],
  ['garbage collection', ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR']],
  ['HTML parse', ['ParseHTML']],
  ['style', ['UpdateLayoutTree', 'ParseAuthorStyleSheet']],
  ['layout', ['Layout']],
  ['paint and composite', ['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'CompositeLayers', 'Commit']],
];

/** Areas of the kiosk's sources (and its libraries), by the first pattern that matches a frame's original file. */
const AREAS = [
  ['react-dom (render, commit)', /node_modules\/(react-dom|scheduler)\//],
  ['react-router', /node_modules\/react-router/],
  ['redux, RTK, react-redux', /node_modules\/(@reduxjs|redux|reselect|immer|react-redux)/],
  ['other libraries', /node_modules\//],
  ['main.tsx (boot)', /src\/main\.tsx$/],
  ['persistence: read, rehydrate, save', /src\/app\/persistence\//],
  ['store: makeStore, listeners', /src\/(app\/store\.ts|store\/listenerMiddleware|app\/rootReducer)/],
  ['services (createServices, adapters, API answers parsed)', /src\/(app\/createServices\.ts|services\/)/],
  ['startKiosk (appStarted)', /src\/app\/startup\.ts$/],
  ['lockdown', /src\/app\/lockdown\.ts$/],
  ['installer sequence', /src\/app\/installerAccess/],
  ['speech', /src\/features\/speech\//],
  ['self-diagnosis', /src\/features\/diagnostics\//],
  ['screens (home, code entry)', /src\/screens\//],
  ['features (slices, listeners, hooks)', /src\/features\//],
  ['other kiosk code', /src\//],
];

/** Inclusive ms of each area, and the ms of all JavaScript, from a CPU profile. */
async function profileAreas(profile, mapFor) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const areaOf = new Map();
  const placeOf = new Map();
  for (const node of profile.nodes) {
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const map = await mapFor(url);
    const original = map?.originalPositionFor({ line: lineNumber + 1, column: Math.max(columnNumber, 0) });
    const source = original?.source ?? '';
    areaOf.set(node.id, AREAS.find(([, pattern]) => pattern.test(source))?.[0] ?? (url ? 'unmapped script' : null));
    if (url) placeOf.set(node.id, source ? `${source.replace(/^.*?(node_modules|src)\//, '$1/')}:${original.line} ${original.name ?? functionName}` : `${url.split('/').pop()} ${functionName}`);
  }
  const functions = new Map();
  const totals = Object.fromEntries([...AREAS.map(([name]) => [name, 0]), ['unmapped script', 0], ['all JavaScript', 0]]);
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) if (areaOf.get(at)) seen.add(areaOf.get(at));
    for (const area of seen) totals[area] += ms;
    const places = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) if (placeOf.get(at)) places.add(placeOf.get(at));
    for (const place of places) functions.set(place, (functions.get(place) ?? 0) + ms);
    if (seen.size > 0 && byId.get(id).callFrame.functionName !== '(garbage collector)') totals['all JavaScript'] += ms;
  });
  return { totals, functions };
}

/** Durations on the page's main thread (the one with the kiosk's marks), by figure. */
function traceFigures(trace) {
  const events = JSON.parse(trace.toString('utf8')).traceEvents;
  const marked = events.find((event) => event.name === 'kiosk:modules-evaluated');
  const main = events.filter((event) => event.pid === marked?.pid && event.tid === marked?.tid && event.ph === 'X');
  return Object.fromEntries(
    TRACE_FIGURES.map(([figure, names]) => [figure, main.filter((event) => names.includes(event.name)).reduce((sum, event) => sum + event.dur / 1000, 0)]),
  );
}

/** The page's own clock: resources, marks and the welcome's paint, in ms since navigation start. */
function pageTimes() {
  const resources = performance.getEntriesByType('resource');
  const script = resources.filter((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))[0];
  const marks = Object.fromEntries(performance.getEntriesByType('mark').map((entry) => [entry.name, entry.startTime]));
  const [navigation] = performance.getEntriesByType('navigation');
  return {
    'HTML response end': navigation.responseEnd,
    'entry script loaded (from the service worker)': script?.responseEnd ?? null,
    'all modules evaluated (main.tsx runs)': marks['kiosk:modules-evaluated'],
    'kiosk lock held (asked for by the first frame)': marks['kiosk:kiosk-lock'],
    'store made (localStorage parts, services created)': marks['kiosk:store-made'],
    'startKiosk done': marks['kiosk:kiosk-started'],
    'root.render done (home rendered)': marks['kiosk:render-called'],
    'welcome title painted': window.__welcomePainted,
    "home painted by the kiosk (its links)": window.__homePainted,
    'database read (after the first screen)': marks['kiosk:database-read'],
  };
}

async function profileStart(browser, context, url) {
  const page = await context.newPage();
  await page.addInitScript(watchForWelcome);
  const cdp = await slowDown(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await cdp.send('Profiler.start');
  await page.goto(url);
  // The database is read once home is on screen: the profile covers that read and its checks too.
  await page.waitForFunction(() => window.__homePainted !== undefined && performance.getEntriesByName('kiosk:database-read').length > 0, null, { timeout: 30_000 });
  const { profile } = await cdp.send('Profiler.stop');
  const trace = await browser.stopTracing();
  const times = await page.evaluate(pageTimes);
  await page.close();
  return { profile, trace, times };
}

const kiosk = await startKiosk({ property: largeSeed(5000), build: { sourcemap: true } });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const about = machine(browser.version());
try {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // The first start stores the property and installs the service worker; a second fills the code cache.
  for (const first of [kiosk.url('GEN2'), `${kiosk.origin}/?model=GEN2`]) {
    const page = await context.newPage();
    await page.addInitScript(watchForWelcome);
    await page.goto(first);
    await page.waitForFunction(() => window.__welcomePainted !== undefined, null, { timeout: 30_000 });
    await page.waitForTimeout(1500);
    await page.close();
  }
  const mapFor = await sourceMaps(kiosk.dir);
  const samples = { milestones: {}, main: {}, javascript: {}, functions: {} };
  const add = (group, name, value) => (samples[group][name] ??= []).push(value);
  for (let run = 0; run < RUNS; run += 1) {
    const { profile, trace, times } = await profileStart(browser, context, `${kiosk.origin}/?model=GEN2`);
    for (const [name, value] of Object.entries(times)) add('milestones', name, value);
    for (const [name, value] of Object.entries(traceFigures(trace))) add('main', name, value);
    if (process.env.BENCH_TRACE && run === RUNS - 1) await writeFile(process.env.BENCH_TRACE, trace);
    const { totals, functions } = await profileAreas(profile, mapFor);
    for (const [name, value] of Object.entries(totals)) add('javascript', name, value);
    for (const [name, value] of functions) add('functions', name, value);
  }
  await context.close();
  const table = (title, group) => {
    console.log(`\n${title}`);
    for (const [name, values] of Object.entries(samples[group])) {
      const { median, p95 } = stats(values);
      if (median === null || (group !== 'milestones' && median < 0.5)) continue;
      console.log(`  ${name.padEnd(50)} ${String(round(median)).padStart(8)} ms   (p95 ${round(p95)})`);
    }
  };
  console.log(`Persisted start, ${RUNS} runs, main thread slowed 4x, 5,000 residents; ${about.date}, load average ${about.loadAverage.join(' ')}`);
  table('Milestones (ms since navigation start, median):', 'milestones');
  table('Main thread, Chrome trace (ms, median):', 'main');
  table('JavaScript by area, CPU profile (inclusive ms, median):', 'javascript');
  const shown = Number(process.env.BENCH_FUNCTIONS ?? 0);
  const top = Object.entries(samples.functions).map(([name, values]) => [name, values.reduce((a, b) => a + b, 0) / RUNS]).sort((a, b) => b[1] - a[1]);
  if (shown > 0) console.log('\nFunctions by inclusive time (mean ms a start):');
  for (const [name, mean] of top.slice(0, shown)) console.log(`  ${name.slice(0, 90).padEnd(90)} ${round(mean)}`);
} finally {
  await browser.close();
  await kiosk.close();
}
