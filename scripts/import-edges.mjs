// The import structure of src/: how many imports go from each folder to
// another (each feature a folder of its own), production files only (no
// tests, no src/testing). `node scripts/import-edges.mjs [text]` lists the
// edges whose line contains `text` (e.g. first-frame), then their totals and
// the folders that import each other in a circle, at run time and counting
// type-only imports (`import type`, erased by the build).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const src = path.resolve(import.meta.dirname, '../src');
const folderOf = (file) => {
  const [top, next] = path.relative(src, file).split(path.sep);
  if (top === 'features') return `features/${next}`;
  return top.includes('.') ? '(src)' : top;
};

/** Folder-to-folder imports: `edge -> { runtime, types }` counts. */
export function importEdges() {
  const edges = new Map();
  for (const relative of readdirSync(src, { recursive: true })) {
    const file = path.join(src, relative);
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || folderOf(file) === 'testing') continue;
    const imports = readFileSync(file, 'utf8').matchAll(/(?:^(?:import|export)(\s+type)?\b[^;]*?from|import\s*\()\s*'(\.[^']*)'/gm);
    for (const [, typeOnly, specifier] of imports) {
      const edge = `${folderOf(file)} -> ${folderOf(path.join(path.dirname(file), specifier))}`;
      if (/^(\S+) -> \1$/.test(edge)) continue;
      const count = edges.get(edge) ?? { runtime: 0, types: 0 };
      count[typeOnly ? 'types' : 'runtime'] += 1;
      edges.set(edge, count);
    }
  }
  return edges;
}

/** The groups of folders that reach each other through `edges` (Tarjan's strongly connected components of two or more). */
export function circles(edges) {
  const next = new Map();
  for (const edge of edges) {
    const [from, to] = edge.split(' -> ');
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (folder) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder));
    stack.push(folder);
    for (const to of next.get(folder) ?? []) {
      if (!index.has(to)) visit(to);
      if (stack.includes(to)) low.set(folder, Math.min(low.get(folder), low.get(to)));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group = stack.splice(stack.indexOf(folder));
    if (group.length > 1) found.push(group.sort());
  };
  for (const folder of next.keys()) if (!index.has(folder)) visit(folder);
  return found;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const edges = importEdges();
  const shown = [...edges].filter(([edge]) => edge.includes(process.argv[2] ?? '')).sort(([a], [b]) => a.localeCompare(b));
  for (const [edge, { runtime, types }] of shown) console.log(`${runtime + types}\t${edge}${types ? ` (${types} of them types only)` : ''}`);
  console.log(`edges: ${shown.length}, imports: ${shown.reduce((sum, [, { runtime, types }]) => sum + runtime + types, 0)}`);
  const runtime = [...edges].filter(([, count]) => count.runtime > 0).map(([edge]) => edge);
  const say = (groups) => (groups.length ? groups.map((group) => group.join(' <-> ')).join('; ') : 'none');
  console.log(`circles at run time: ${say(circles(runtime))}`);
  console.log(`circles counting type-only imports: ${say(circles(edges.keys()))}`);
}
