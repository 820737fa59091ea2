// A V8 heap snapshot (.heapsnapshot JSON, as DevTools and the DevTools
// protocol's HeapProfiler write it) as a graph: each node's type, name, size
// and edges, and which nodes the GC roots reach over strong edges. Shared by
// heap-retainers.mjs and heap-census.mjs.

/** @param {string} text the snapshot's JSON */
export function readHeapGraph(text) {
  const snapshot = JSON.parse(text);
  const { node_fields: nodeFields, edge_fields: edgeFields, node_types: nodeTypes, edge_types: edgeTypes } = snapshot.snapshot.meta;
  const { nodes, edges, strings } = snapshot;
  const NODE = nodeFields.length;
  const EDGE = edgeFields.length;
  const at = { type: nodeFields.indexOf('type'), name: nodeFields.indexOf('name'), id: nodeFields.indexOf('id') };
  const selfSizeAt = nodeFields.indexOf('self_size');
  const edgeCountAt = nodeFields.indexOf('edge_count');
  const edgeAt = { type: edgeFields.indexOf('type'), name: edgeFields.indexOf('name_or_index'), to: edgeFields.indexOf('to_node') };
  const count = nodes.length / NODE;

  const firstEdge = new Uint32Array(count + 1);
  for (let node = 0, edge = 0; node < count; node += 1) {
    firstEdge[node] = edge;
    edge += nodes[node * NODE + edgeCountAt] * EDGE;
  }
  firstEdge[count] = edges.length;

  const graph = {
    count,
    type: (node) => nodeTypes[0][nodes[node * NODE + at.type]],
    name: (node) => strings[nodes[node * NODE + at.name]],
    id: (node) => nodes[node * NODE + at.id],
    selfSize: (node) => nodes[node * NODE + selfSizeAt],
    /** The edges from `node`, as offsets for the functions below. */
    *edgesOf(node) {
      for (let edge = firstEdge[node]; edge < firstEdge[node + 1]; edge += EDGE) yield edge;
    },
    edgeType: (edge) => edgeTypes[0][edges[edge + edgeAt.type]],
    edgeTarget: (edge) => edges[edge + edgeAt.to] / NODE,
    edgeLabel(edge) {
      const type = graph.edgeType(edge);
      const value = edges[edge + edgeAt.name];
      if (type === 'element' || type === 'hidden') return `[${value}]`;
      return type === 'property' ? `.${strings[value]}` : `${type}: ${strings[value]}`;
    },
    /** The node that `node`'s edge named `name` (a property, context variable or V8 internal field) leads to, or -1. */
    child(node, name) {
      for (const edge of graph.edgesOf(node)) {
        const type = graph.edgeType(edge);
        if (type !== 'element' && type !== 'hidden' && strings[edges[edge + edgeAt.name]] === name) return graph.edgeTarget(edge);
      }
      return -1;
    },
    /** For each node, the edge that first reached it breadth first from the root (node 0) over strong edges, or -1: unreachable. */
    via: new Int32Array(count).fill(-1),
    /** The node that edge belongs to (its retainer on a shortest path), or -1. */
    parent: new Int32Array(count).fill(-1),
    reachable: (node) => node === 0 || graph.via[node] !== -1,
  };

  const reached = new Uint8Array(count);
  reached[0] = 1;
  for (let level = [0]; level.length > 0; ) {
    const next = [];
    for (const node of level) {
      for (const edge of graph.edgesOf(node)) {
        const type = graph.edgeType(edge);
        if (type === 'weak' || type === 'shortcut') continue;
        const to = graph.edgeTarget(edge);
        if (reached[to]) continue;
        reached[to] = 1;
        graph.via[to] = edge;
        graph.parent[to] = node;
        next.push(to);
      }
    }
    level = next;
  }
  return graph;
}
