// What a heap snapshot of the kiosk holds, for `bench:memory`'s checkpoints:
// the V8 heap split into the objects the page's code holds and V8's compiled
// code, the scripts and functions V8 knows, and the instances of the classes
// that must all be given back after a visitor session.
import { readHeapGraph } from './heap-graph.mjs';

/** Classes whose instances (Blink's C++ objects) must not outlive a session. */
export const SESSION_CLASSES = ['MediaStreamTrack', 'RTCPeerConnection', 'Worker'];

/**
 * The call legs' chunks (the simulator twins and the vendor SDKs' clients):
 * every closure of theirs that is not a module's own function was made for
 * one call and must be gone once it ends.
 */
const CALL_LEG_CHUNK = /\/assets\/(simVoice|simSip|simRoom|channelTwin|twilioVoice|telnyxSip|telnyxRoom)-[\w-]+\.js$/;

/**
 * V8's own data for running code, which the snapshot types `code`: bytecode,
 * machine code from the optimizing compilers with its tables, feedback
 * vectors, scope infos, inline-cache handlers. Also the lists of optimized
 * code that depends on a hidden class (`dependent_code`), which the snapshot
 * types as other V8 data. Everything else V8 holds (objects, closures, arrays,
 * strings, numbers, hidden classes, V8's other internals) counts as objects.
 */
const isCompiledCode = (graph, node) =>
  graph.type(node) === 'code' || (graph.via[node] !== -1 && graph.edgeLabel(graph.via[node]) === 'internal: dependent_code');

/** Blink's C++ objects (the snapshot's `native` nodes other than V8's own `system / …`), and off-heap string data: not in the V8 heap. */
const outsideV8Heap = (graph, node) =>
  (graph.type(node) === 'native' && !graph.name(node).startsWith('system / ')) ||
  graph.type(node) === 'synthetic' ||
  graph.name(node) === 'system / ExternalStringData';

/** Whether a closure was made by a function call, not by loading its module: its context is not a module's or script's. */
function madeByACall(graph, closure) {
  const context = graph.child(closure, 'context');
  const scope = context === -1 ? -1 : graph.child(context, 'scope_info');
  const kind = scope === -1 ? -1 : graph.child(scope, 'scope_type_name');
  return kind !== -1 && graph.name(kind) !== 'MODULE_SCOPE' && graph.name(kind) !== 'SCRIPT_SCOPE';
}

function scriptUrl(graph, closure) {
  const shared = graph.child(closure, 'shared');
  const script = shared === -1 ? -1 : graph.child(shared, 'script');
  const name = script === -1 ? -1 : graph.child(script, 'name');
  return name === -1 ? '' : graph.name(name);
}

/**
 * Counts what the GC roots reach in a snapshot (taken after GC: anything
 * unreachable in it is garbage not yet swept).
 * @param {string} text the .heapsnapshot JSON
 */
export function heapCensus(text) {
  const graph = readHeapGraph(text);
  const census = {
    objectBytes: 0,
    codeBytes: 0,
    scripts: 0,
    functions: 0,
    /** Machine code of functions: Sparkplug's (baseline, beside the bytecode) and the optimizing compilers' (Maglev, TurboFan). */
    baselineCode: 0,
    optimizedCode: 0,
    held: Object.fromEntries(SESSION_CLASSES.map((name) => [name, 0])),
    callObjects: 0,
  };
  for (let node = 0; node < graph.count; node += 1) {
    if (!graph.reachable(node) || outsideV8Heap(graph, node)) {
      // Blink's instance of a class, not V8's wrapper or prototype object of it.
      if (graph.reachable(node) && graph.type(node) === 'native' && graph.name(node) in census.held) census.held[graph.name(node)] += 1;
      continue;
    }
    const name = graph.name(node);
    if (isCompiledCode(graph, node)) census.codeBytes += graph.selfSize(node);
    else census.objectBytes += graph.selfSize(node);
    if (name === 'system / Script' || name.startsWith('system / Script / ')) census.scripts += 1;
    else if (name === 'system / SharedFunctionInfo' || name.startsWith('system / SharedFunctionInfo / ')) census.functions += 1;
    else if (name === 'system / Code' && graph.child(node, 'deoptimization_data') !== -1) census.optimizedCode += 1;
    else if (name === 'system / Code' && graph.child(node, 'bytecode_offset_table') !== -1) census.baselineCode += 1;
    else if (graph.type(node) === 'closure' && CALL_LEG_CHUNK.test(scriptUrl(graph, node)) && madeByACall(graph, node)) census.callObjects += 1;
  }
  return census;
}
