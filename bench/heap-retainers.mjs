// `node bench/heap-retainers.mjs <file.heapsnapshot> <name> [paths]`: what
// keeps the objects named <name> (a class, e.g. RTCPeerConnection or
// MediaStreamTrack) alive in a heap snapshot, such as those `bench:memory`
// writes with BENCH_HEAP_SNAPSHOTS. For each (at most `paths`, default 10) it
// prints the shortest chain of strong references from the GC roots, the
// object first: a leak shows as a chain that ends in the kiosk's code or, for
// the browser's own handles, in a C++ root with the line that created it.
import { readFile } from 'node:fs/promises';

const [file, name, paths = '10'] = process.argv.slice(2);
if (!file || !name) throw new Error('Usage: node bench/heap-retainers.mjs <file.heapsnapshot> <name> [paths]');

const snapshot = JSON.parse(await readFile(file, 'utf8'));
const { node_fields: nodeFields, edge_fields: edgeFields, node_types: nodeTypes, edge_types: edgeTypes } = snapshot.snapshot.meta;
const { nodes, edges, strings } = snapshot;
const NODE = nodeFields.length;
const EDGE = edgeFields.length;
const field = { type: nodeFields.indexOf('type'), name: nodeFields.indexOf('name'), id: nodeFields.indexOf('id'), edges: nodeFields.indexOf('edge_count') };
const edgeField = { type: edgeFields.indexOf('type'), name: edgeFields.indexOf('name_or_index'), to: edgeFields.indexOf('to_node') };
const count = nodes.length / NODE;

const firstEdge = new Uint32Array(count + 1);
for (let node = 0, edge = 0; node < count; node += 1) {
  firstEdge[node] = edge;
  edge += nodes[node * NODE + field.edges] * EDGE;
}
firstEdge[count] = edges.length;

const nameOf = (node) => strings[nodes[node * NODE + field.name]];
const describe = (node) => `${nodeTypes[0][nodes[node * NODE + field.type]]} ${nameOf(node).slice(0, 100)} @${nodes[node * NODE + field.id]}`;
const edgeType = (edge) => edgeTypes[0][edges[edge + edgeField.type]];
const edgeLabel = (edge) => {
  const type = edgeType(edge);
  const value = edges[edge + edgeField.name];
  if (type === 'element' || type === 'hidden') return `[${value}]`;
  return type === 'property' ? `.${strings[value]}` : `${type}: ${strings[value]}`;
};

// Breadth first from the root (node 0) over strong edges: each node's first retainer is on a shortest path.
const via = new Int32Array(count).fill(-1);
const reached = new Uint8Array(count);
reached[0] = 1;
for (let level = [0]; level.length > 0; ) {
  const next = [];
  for (const node of level) {
    for (let edge = firstEdge[node]; edge < firstEdge[node + 1]; edge += EDGE) {
      if (edgeType(edge) === 'weak' || edgeType(edge) === 'shortcut') continue;
      const to = edges[edge + edgeField.to] / NODE;
      if (reached[to]) continue;
      reached[to] = 1;
      via[to] = edge;
      next.push(to);
    }
  }
  level = next;
}
const parentOf = new Int32Array(count).fill(-1);
for (let node = 0; node < count; node += 1) {
  for (let edge = firstEdge[node]; edge < firstEdge[node + 1]; edge += EDGE) {
    const to = edges[edge + edgeField.to] / NODE;
    if (via[to] === edge) parentOf[to] = node;
  }
}

// Objects (the JS wrappers) and native objects of that class; not its constructor, prototype or name strings.
const found = [];
for (let node = 0; node < count; node += 1) {
  const type = nodeTypes[0][nodes[node * NODE + field.type]];
  if (nameOf(node) === name && (type === 'object' || type === 'native')) found.push(node);
}
const natives = found.filter((node) => nodeTypes[0][nodes[node * NODE + field.type]] === 'native');
// The JS objects include the class's prototypes; the native objects are the instances.
console.log(
  `${name}: ${natives.length} native objects, ${natives.filter((node) => reached[node]).length} reachable from the GC roots; ` +
    `${found.length - natives.length} JS objects (wrappers and prototypes)`,
);
for (const node of found.slice(0, Number(paths))) {
  console.log('');
  if (!reached[node]) {
    console.log(`  ${describe(node)}: unreachable (collected at the next GC)`);
    continue;
  }
  for (let at = node; at > 0; at = parentOf[at]) console.log(`  ${describe(at)}  <- ${edgeLabel(via[at])}`);
}
