// The import structure of src/: how many imports go from each folder to
// another (each feature a folder of its own), production files only (no
// tests, no src/testing). `node scripts/import-edges.mjs [text]` lists the
// edges whose line contains `text` (e.g. first-frame), then their totals.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../src');
const folderOf = (file) => {
  const [top, next] = path.relative(src, file).split(path.sep);
  if (top === 'features') return `features/${next}`;
  return top.includes('.') ? '(src)' : top;
};

const edges = new Map();
for (const relative of readdirSync(src, { recursive: true })) {
  const file = path.join(src, relative);
  if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || folderOf(file) === 'testing') continue;
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)) {
    const edge = `${folderOf(file)} -> ${folderOf(path.join(path.dirname(file), specifier))}`;
    if (!/^(\S+) -> \1$/.test(edge)) edges.set(edge, (edges.get(edge) ?? 0) + 1);
  }
}
const shown = [...edges].filter(([edge]) => edge.includes(process.argv[2] ?? '')).sort(([a], [b]) => a.localeCompare(b));
for (const [edge, count] of shown) console.log(`${count}\t${edge}`);
console.log(`edges: ${shown.length}, imports: ${shown.reduce((sum, [, count]) => sum + count, 0)}`);
