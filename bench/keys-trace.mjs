// Where each key press's frame goes: `node bench/keys-trace.mjs [rounds]`
// (default 10). A production build with source maps, the large seed of 5,000
// residents, GEN2, the main thread slowed 4x. `rounds` rounds of a visitor's
// sequences (keys.mjs, visitorRound) as real key presses, as the keys row
// types them: four digits and BACK, then the directory (DOWN opens it, page
// turns, BACK), then a code, whose fifth digit opens the gate; each round on
// the page the last one's notification reloaded. A Chrome trace and a CPU
// profile run through each round. For each
// press, from the trace's EventTiming event: keydown to the next frame
// presented (to the microsecond, not Event Timing's 8 ms steps); and for each
// press over 16 ms, the main thread's work between the keydown and that
// frame: the trace's top-level tasks' parts (script, style, layout, paint,
// garbage collection) and the JavaScript by the kiosk's source function
// (CPU profile samples mapped through the source maps, self time).
// BENCH_TRACE=file.json keeps each round's trace (file-0.json, ...).
import { writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { largeSeed } from '../simulator/seed.mjs';
import { CHROMIUM, CHROMIUM_ARGS, round, sleep, sourceMaps, startKiosk, stats } from './common.mjs';
import { accessCodes, openKiosk, visitorRound } from './keys.mjs';
import { machine } from './report.mjs';

const ROUNDS = Number(process.argv[2] ?? 10);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8', 'v8.execute', 'toplevel'];
/** Main-thread trace events whose own time counts as this part (the rest of a task is script or other). */
const PARTS = {
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet'],
  layout: ['Layout'],
  paint: ['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'CompositeLayers', 'Commit', 'PaintImage', 'RasterTask'],
  gc: ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR', 'BlinkGC.AtomicPhase'],
  compile: ['v8.compile', 'v8.compileModule', 'V8.CompileCode'],
};

/** Each profile sample's time (µs, the trace's clock) and its stack of mapped places, innermost first. */
async function profileSamples(profile, mapFor) {
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const placeOf = new Map();
  for (const node of profile.nodes) {
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const map = await mapFor(url);
    // A node of no place in the script (line -1) maps to nothing.
    const original = lineNumber >= 0 ? map?.originalPositionFor({ line: lineNumber + 1, column: Math.max(columnNumber, 0) }) : null;
    placeOf.set(
      node.id,
      original?.source
        ? `${original.source.replace(/^.*?(node_modules\/|src\/)/, '$1').replace(/^node_modules\//, '')} ${original.name ?? functionName}`
        : url ? `${url.split('/').pop()} ${functionName}` : functionName,
    );
  }
  let at = profile.startTime;
  return profile.samples.map((id, index) => {
    at += profile.timeDeltas[index];
    const stack = [];
    for (let node = id; node !== undefined; node = parent.get(node)) stack.push(placeOf.get(node));
    return { at, ms: (profile.timeDeltas[index + 1] ?? 0) / 1000, stack };
  });
}

/** The keydowns' EventTiming events: start (µs) and duration (ms). */
function keydowns(events) {
  const starts = events.filter((e) => e.name === 'EventTiming' && e.ph === 'b' && e.args?.data?.type === 'keydown');
  return starts.map((e) => ({ ts: e.ts, duration: e.args.data.duration, data: e.args.data }));
}

/** Main-thread work between `from` and `to` (µs), by part, in ms. */
function mainThreadParts(main, from, to) {
  const parts = { task: 0, style: 0, layout: 0, paint: 0, gc: 0, compile: 0 };
  const overlap = (e) => Math.max(0, Math.min(e.ts + e.dur, to) - Math.max(e.ts, from)) / 1000;
  for (const e of main) {
    if (e.name === 'RunTask') parts.task += overlap(e);
    for (const [part, names] of Object.entries(PARTS)) if (names.includes(e.name)) parts[part] += overlap(e);
  }
  return parts;
}

/** Traces one round of `visitorRound` on `page` (its keydowns matched to their kinds): the presses' figures. */
async function traceRound(page, context, mapFor, round, code) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const events = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  const labels = await visitorRound(page, round, code);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();

  const samples = await profileSamples(profile, mapFor);
  // Each script call on the main thread, named by its source.
  for (const e of events) {
    if (e.name !== 'FunctionCall' || !e.args?.data?.url) continue;
    const { url, lineNumber, columnNumber, functionName } = e.args.data;
    const original = lineNumber >= 1 ? (await mapFor(url))?.originalPositionFor({ line: lineNumber, column: Math.max(columnNumber - 1, 0) }) : null;
    e.args.data.source = original?.source ? `${original.source.replace(/^.*?(node_modules\/|src\/)/, '$1')}:${original.line} ${original.name ?? functionName}` : functionName;
  }
  if (process.env.BENCH_TRACE) await writeFile(`${process.env.BENCH_TRACE.replace(/\.json$/, '')}-${round}.json`, JSON.stringify({ traceEvents: events }));
  const marked = events.find((e) => e.name === 'EventTiming');
  const main = events.filter((e) => e.pid === marked?.pid && e.ph === 'X' && e.tid === events.find((m) => m.name === 'thread_name' && m.pid === marked.pid && m.args?.name === 'CrRendererMain')?.tid);
  const keys = keydowns(events);
  if (keys.length !== labels.length) console.log(`(round ${round}: ${keys.length} keydowns traced, ${labels.length} pressed: matched by order from the last)`);
  const matched = keys.slice(-labels.length);
  return labels.flatMap((label, index) => {
    const key = matched[index];
    if (!key) return [];
    const to = key.ts + key.duration * 1000;
    const functions = new Map();
    let js = 0;
    for (const sample of samples) {
      if (sample.at < key.ts || sample.at > to) continue;
      const top = sample.stack.find((place) => place && /src\/|react-dom|react-redux|redux|reselect|immer|scheduler/.test(place)) ?? sample.stack[0];
      if (sample.stack[0] !== '(idle)' && sample.stack[0] !== '(program)') js += sample.ms;
      functions.set(top, (functions.get(top) ?? 0) + sample.ms);
      // Inclusive time of the kiosk's own functions (components, hooks, listeners) on the stack.
      for (const place of new Set(sample.stack.filter((p) => p && (process.env.BENCH_INCLUSIVE || p.startsWith('src/'))))) functions.set(`  incl ${place}`, (functions.get(`  incl ${place}`) ?? 0) + sample.ms);
    }
    const d = key.data;
    const phases = { delay: d.processingStart - d.timeStamp, listeners: d.processingEnd - d.processingStart, 'to commit': d.commitFinishTime ? d.commitFinishTime - d.processingEnd : null, 'to presented': d.commitFinishTime ? d.timeStamp + d.duration - d.commitFinishTime : null };
    const calls = main.filter((e) => e.name === 'FunctionCall' && e.ts >= key.ts && e.ts <= to).map((e) => [`call ${e.args.data.source ?? e.args.data.functionName}`, e.dur / 1000]);
    for (const [name, ms] of calls) functions.set(name, (functions.get(name) ?? 0) + ms);
    return [{ label, phases, duration: key.duration, parts: mainThreadParts(main, key.ts, to), js, functions: [...functions].sort((a, b) => b[1] - a[1]) }];
  });
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const kiosk = await startKiosk({ property: largeSeed(5000), build: { sourcemap: true } });
const about = machine(browser.version());
const presses = [];
try {
  const { page, context, reloaded } = await openKiosk(browser, kiosk, 'GEN2');
  const mapFor = await sourceMaps(kiosk.dir);
  const codes = accessCodes(kiosk, ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    presses.push(...(await traceRound(page, context, mapFor, round, codes[round])));
    if (round < ROUNDS - 1) await reloaded();
  }
  await context.close();
} finally {
  await browser.close();
  await kiosk.close();
}

console.log(`Key to next paint by kind, main thread slowed 4x, 5,000 residents, GEN2; ${about.date}, load average ${about.loadAverage.join(' ')}`);
const kinds = [...new Set(presses.map((p) => p.label))];
for (const kind of kinds) {
  const of = presses.filter((p) => p.label === kind);
  const { median, p95, max } = stats(of.map((p) => p.duration));
  const phase = (name) => round(stats(of.map((p) => p.phases[name])).median);
  console.log(`${kind.padEnd(40)} phases (median): input delay ${phase('delay')}, listeners ${phase('listeners')}, to commit ${phase('to commit')}, commit to presented ${phase('to presented')}`);
  console.log(`${kind.padEnd(40)} n=${String(of.length).padStart(3)}  median ${round(median)}  p95 ${round(p95)}  max ${round(max)}  over 16 ms: ${of.filter((p) => p.duration > 16).length}`);
}
for (const p of presses.filter((p) => p.duration > 24)) {
  const ph = Object.entries(p.phases).map(([k, v]) => `${k} ${round(v)}`).join(', ');
  console.log(`over 24: ${p.label} ${round(p.duration)} ms (${ph}); style ${round(p.parts.style)} layout ${round(p.parts.layout)} paint ${round(p.parts.paint)} gc ${round(p.parts.gc)}: ${p.functions.filter(([n]) => !/incl|\(idle|\(program/.test(n)).slice(0, 4).map(([n, ms]) => `${n.slice(-40)} ${round(ms)}`).join('; ')}`);
}
const shown = Number(process.env.BENCH_FUNCTIONS ?? 12);
for (const kind of kinds) {
  const slow = presses.filter((p) => p.label === kind && p.duration > 16);
  if (slow.length === 0) continue;
  const mean = (pick) => round(slow.reduce((sum, p) => sum + pick(p), 0) / slow.length);
  console.log(`\n${kind}: ${slow.length} over 16 ms, mean ${mean((p) => p.duration)} ms; main thread in tasks ${mean((p) => p.parts.task)}, sampled JS ${mean((p) => p.js)}, style ${mean((p) => p.parts.style)}, layout ${mean((p) => p.parts.layout)}, paint ${mean((p) => p.parts.paint)}, gc ${mean((p) => p.parts.gc)}, compile ${mean((p) => p.parts.compile)}`);
  const functions = new Map();
  for (const p of slow) for (const [name, ms] of p.functions) functions.set(name, (functions.get(name) ?? 0) + ms / slow.length);
  for (const [name, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, shown)) console.log(`   ${String(round(ms)).padStart(6)} ms  ${name.slice(0, 110)}`);
}
await sleep(0);
