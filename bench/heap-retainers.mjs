// `node bench/heap-retainers.mjs <file.heapsnapshot> <name> [paths]`: what
// keeps the objects named <name> (a class, e.g. RTCPeerConnection or
// MediaStreamTrack) alive in a heap snapshot, such as those `bench:memory`
// writes with BENCH_HEAP_SNAPSHOTS. For each (at most `paths`, default 10) it
// prints the shortest chain of strong references from the GC roots, the
// object first: a leak shows as a chain that ends in the kiosk's code or, for
// the browser's own handles, in a C++ root with the line that created it.
import { readFile } from 'node:fs/promises';
import { readHeapGraph } from './heap-graph.mjs';

const [file, name, paths = '10'] = process.argv.slice(2);
if (!file || !name) throw new Error('Usage: node bench/heap-retainers.mjs <file.heapsnapshot> <name> [paths]');

const graph = readHeapGraph(await readFile(file, 'utf8'));
const describe = (node) => `${graph.type(node)} ${graph.name(node).slice(0, 100)} @${graph.id(node)}`;

// Objects (the JS wrappers) and native objects of that class; not its constructor, prototype or name strings.
const found = [];
for (let node = 0; node < graph.count; node += 1) {
  const type = graph.type(node);
  if (graph.name(node) === name && (type === 'object' || type === 'native')) found.push(node);
}
const natives = found.filter((node) => graph.type(node) === 'native');
// The JS objects include the class's prototypes; the native objects are the instances.
console.log(
  `${name}: ${natives.length} native objects, ${natives.filter(graph.reachable).length} reachable from the GC roots; ` +
    `${found.length - natives.length} JS objects (wrappers and prototypes)`,
);
for (const node of found.slice(0, Number(paths))) {
  console.log('');
  if (!graph.reachable(node)) {
    console.log(`  ${describe(node)}: unreachable (collected at the next GC)`);
    continue;
  }
  for (let at = node; at > 0; at = graph.parent[at]) console.log(`  ${describe(at)}  <- ${graph.edgeLabel(graph.via[at])}`);
}
