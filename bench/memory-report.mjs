// `bench:memory`'s figures: a checkpoint's lines as it is measured, and the
// growth per session with the leak verdict at the end.
import { SESSION_CLASSES } from './heap-census.mjs';

/** Verdict thresholds, per session, after GC. */
export const LIMITS = { heap: 1024, nodes: 0.5, listeners: 0.05 };

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const signed = (value, digits = 1) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
const perSession = (bytes) => `${signed(bytes / 1024, 2)} KB`;
const HELD_NAMES = { MediaStreamTrack: 'camera tracks', RTCPeerConnection: 'peer connections', Worker: 'workers' };

export const TABLE_HEAD =
  '                               JS heap             DOM     JS event    camera tracks       QR workers                  peer connections       Blink\n' +
  '  checkpoint  sessions      used  per sess.  nodes  listeners  unstopped  uncollected  unterm.  running  uncollected     open  uncollected  heap\n' +
  '    then, from a heap snapshot: the JS heap as objects and as compiled code (each per session since the last checkpoint);\n' +
  '    the scripts and functions V8 holds, functions with baseline or optimized machine code; what is held of a session';

/** A checkpoint's lines: the DevTools protocol's figures and the page's counters, then the heap snapshot's census. */
export function checkpointLines(row, previous) {
  const rate = (key) => (previous ? `${perSession((row[key] - previous[key]) / (row.cycles - previous.cycles)).padStart(9)}` : ''.padStart(9));
  const held = SESSION_CLASSES.map((name) => `${row.held[name]} ${HELD_NAMES[name]}`).join(', ');
  return [
    `  ${row.label.padEnd(13)} ${String(row.cycles).padStart(6)}  ${kb(row.heap).padStart(10)}  ${rate('heap')}` +
      `  ${String(row.nodes).padStart(5)}  ${String(row.listeners).padStart(9)}` +
      `  ${`${row.tracksCreated - row.tracksStopped}/${row.tracksCreated}`.padStart(7)}  ${String(row.tracksReachable).padStart(9)}` +
      `  ${`${row.workersCreated - row.workersTerminated}/${row.workersCreated}`.padStart(7)}  ${String(row.runningWorkers).padStart(7)}` +
      `  ${String(row.workersReachable).padStart(9)}  ${`${row.peersOpen}/${row.peersCreated}`.padStart(7)}  ${String(row.peersReachable).padStart(9)}` +
      `  ${kb(row.embedder).padStart(10)}`,
    `      objects ${kb(row.objectBytes)}${previous ? ` ${rate('objectBytes').trim()}` : ''}, ` +
      `compiled code ${kb(row.codeBytes)}${previous ? ` ${rate('codeBytes').trim()}` : ''}; ` +
      `${row.scripts} scripts, ${row.functions} functions, ${row.baselineCode} baseline and ${row.optimizedCode} optimized; held: ${held}, ${row.callObjects} call-leg objects`,
  ];
}

/**
 * The summary after the run and the verdict's problems (none: no leak). The
 * heap limit applies to the objects the page holds over the second half;
 * compiled code is judged by whether it levels off, and by the scripts V8
 * holds, which code made at run time (eval, new Function) would add.
 */
export function summarize(rows, { sessions, reloads, errors }) {
  const [first, last] = [rows[0], rows.at(-1)];
  // The second half: V8 optimizes hot functions over the first ~100 sessions and then levels off.
  const mid = rows.find((row) => row.cycles >= sessions / 2 && row !== last) ?? first;
  const rate = (key, from, to = last) => (to[key] - from[key]) / (to.cycles - from.cycles);
  const lines = [`Growth per session after GC      whole run (0-${sessions})   second half (${mid.cycles}-${sessions})`];
  const both = (title, key, format) => lines.push(`  ${title.padEnd(29)}${format(rate(key, first)).padStart(12)}   ${format(rate(key, mid)).padStart(12)}`);
  both('JS heap used', 'heap', perSession);
  both('  objects (heap snapshot)', 'objectBytes', perSession);
  both('  compiled code (snapshot)', 'codeBytes', perSession);
  both('DOM nodes', 'nodes', (value) => signed(value, 2));
  both('JS event listeners', 'listeners', (value) => signed(value, 2));
  both('Blink heap (see note)', 'embedder', perSession);
  lines.push(
    `Camera: ${last.gumCalls} getUserMedia calls, ${last.tracksCreated} tracks, ${last.tracksStopped} stopped, ${last.tracksReachable} not yet collected after GC`,
    `QR workers: ${last.workersCreated} created, ${last.workersTerminated} terminated, ${last.runningWorkers} running in Chromium, ` +
      `${last.workersReachable} not yet collected after GC; ${last.framesPosted} frames sent`,
    `Peer connections: ${last.peersCreated} created, ${last.peersOpen} open, ${last.peersReachable} not yet collected after GC`,
    `V8 code: ${first.scripts} -> ${last.scripts} scripts, ${first.functions} -> ${last.functions} functions, ` +
      `${first.baselineCode} -> ${last.baselineCode} with baseline and ${first.optimizedCode} -> ${last.optimizedCode} with optimized machine code`,
    `Page: ${reloads} reloads, ${errors.console} console errors during the run`,
    'Note: the Blink heap also holds what DevTools records for this CDP session (network request data, kept only\n' +
      'while a debugger is attached) and bounded browser records (resource timing 250, layout shifts 150, 50 history\n' +
      'entries, closed media players for the DevTools Media panel, culled past a fixed event count): its growth is\n' +
      'shown, not judged.',
  );

  const problems = [];
  if (reloads !== 0) problems.push(`the page reloaded ${reloads} times during the run: figures are invalid`);
  if (errors.page.length > 0) problems.push(`uncaught errors in the page: ${[...new Set(errors.page)].join(' | ')}`);
  const objectRate = rate('objectBytes', mid);
  if (objectRate >= LIMITS.heap) problems.push(`JS objects grow ${kb(objectRate)} a session (limit ${kb(LIMITS.heap)})`);
  const codeRate = rate('codeBytes', mid);
  // Without a checkpoint between the first and the last (under 100 sessions) there is no first half to compare with.
  const firstHalfCodeRate = mid === first ? null : rate('codeBytes', first, mid);
  if (codeRate >= LIMITS.heap && (firstHalfCodeRate === null || codeRate >= firstHalfCodeRate)) {
    problems.push(`compiled code grows ${kb(codeRate)} a session and ${firstHalfCodeRate === null ? 'the run is too short to see it' : 'does not'} level off`);
  }
  if (last.scripts > first.scripts) problems.push(`${last.scripts - first.scripts} scripts more held than after warm-up (code made or loaded during the run)`);
  if (rate('nodes', first) >= LIMITS.nodes) problems.push(`DOM nodes grow ${rate('nodes', first).toFixed(2)} a session`);
  if (rate('listeners', first) >= LIMITS.listeners) problems.push(`event listeners grow ${rate('listeners', first).toFixed(2)} a session`);
  if (last.tracksCreated !== last.tracksStopped) problems.push(`${last.tracksCreated - last.tracksStopped} camera tracks never stopped`);
  if (last.runningWorkers > 0 || last.workersCreated !== last.workersTerminated) {
    problems.push(`${last.workersCreated - last.workersTerminated} QR workers never terminated (${last.runningWorkers} running)`);
  }
  if (last.peersOpen > 0) problems.push(`${last.peersOpen} peer connections never closed`);
  const counted = { MediaStreamTrack: last.tracksReachable, RTCPeerConnection: last.peersReachable, Worker: last.workersReachable };
  for (const name of SESSION_CLASSES) {
    const held = Math.max(last.held[name], counted[name]);
    if (held > 0) problems.push(`${held} ${HELD_NAMES[name]} still held after GC`);
  }
  if (last.callObjects > 0) problems.push(`${last.callObjects} call-leg objects still held after GC`);
  const verdict =
    problems.length === 0
      ? `NO LEAK: JS objects ${perSession(objectRate)} a session after GC (limit ${kb(LIMITS.heap)}), compiled code ` +
        `${perSession(codeRate)}${firstHalfCodeRate === null ? '' : ` (${perSession(firstHalfCodeRate)} in the first half)`}; DOM nodes, listeners, ` +
        'camera tracks, QR workers, peer connections and call-leg objects all given back'
      : `LEAK: ${problems.join('; ')}`;
  return { lines, mid, problems, verdict };
}
