// The bundle row: gzip bytes of what the welcome screen loads before it can
// paint, of the whole build (JavaScript, CSS, WebAssembly), and of each chunk
// loaded later, read from Vite's manifest of a production build.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const isCode = (file) => /\.(js|css|wasm)$/.test(file);

/** @param {string} dir a build made with `manifest: true` */
export async function measureBundle(dir) {
  const manifest = JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8'));
  const sizes = new Map();
  const gzip = async (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(await readFile(path.join(dir, file))).length);
    return sizes.get(file);
  };
  const total = async (files) => (await Promise.all([...files].map(gzip))).reduce((sum, size) => sum + size, 0);

  /** A chunk's file, its CSS and, transitively, the chunks it imports statically (what loads with it). */
  const closure = (key, into = new Set()) => {
    const chunk = manifest[key];
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };

  const assets = (await readdir(path.join(dir, 'assets'))).map((name) => `assets/${name}`).filter(isCode);
  const named = (pattern) => assets.filter((file) => pattern.test(path.basename(file)));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  // The boot guard and the first frame (not in the manifest: scripts of their own) load with the bundle, on every start.
  const first = closure(entry, new Set(named(/^(boot-guard|first-frame)-/)));
  const lazy = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const own = [...closure(key)].filter((file) => !first.has(file));
    lazy.push({ name: path.basename(key).replace(/\.[jt]sx?$/, ''), files: own, bytes: await total(own) });
  }
  // The scan screen's worker and the decoder it loads when a scan starts: ZXing and its
  // WebAssembly, or jsQR on an engine that may not compile WebAssembly.
  // The boot report: loaded only when the kiosk did not start.
  for (const [name, pattern] of [
    ['QR decoder worker, ZXing', /^(qrDecoder\.worker|zxingReader|zxing_reader)-/],
    ['QR decoder worker, jsQR', /^(qrDecoder\.worker|jsqrReader)-/],
    ['boot report', /^boot-report-/],
  ]) {
    const files = named(pattern);
    if (files.length > 0) lazy.push({ name, files, bytes: await total(files) });
  }
  lazy.sort((a, b) => b.bytes - a.bytes);

  return {
    welcomeScreen: { files: [...first], bytes: await total(first) },
    everything: { files: assets.length, bytes: await total(assets) },
    lazy,
  };
}
