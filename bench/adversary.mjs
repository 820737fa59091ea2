// A patient guesser and a flood of card reads, before and after: runs
// bench/adversary.run.ts (the kiosk's real store, slices and listeners on a
// fake clock, through Vitest) on this tree and on the tree of an older commit
// (default d3e2714, the rules before the guessing budgets and flood limits),
// and prints both side by side.
//   node bench/adversary.mjs [commit]
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const before = process.argv[2] ?? 'd3e2714';
const BENCH_FILES = ['bench/adversary.run.ts', 'bench/adversary.config.ts'];

/** The figures the run prints, from a tree that holds the benchmark's files. */
function figures(tree) {
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'bench/adversary.config.ts', 'bench/adversary.run.ts'], { cwd: tree, encoding: 'utf8' });
  const lines = `${run.stdout}`.split('\n').filter((line) => line.includes('ADVERSARY '));
  if (run.status !== 0 || lines.length === 0) throw new Error(`the run failed in ${tree}:\n${run.stdout}\n${run.stderr}`);
  return lines.map((line) => JSON.parse(line.slice(line.indexOf('ADVERSARY ') + 'ADVERSARY '.length)));
}

/** The older commit's tree, with this tree's node_modules and the benchmark's files. */
function olderTree(commit) {
  const dir = mkdtempSync(path.join(tmpdir(), `kiosk-${commit}-`));
  execFileSync('sh', ['-c', `git -C "${root}" archive "${commit}" | tar -x -C "${dir}"`]);
  symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'));
  for (const file of BENCH_FILES) copyFileSync(path.join(root, file), path.join(dir, file));
  return dir;
}

const key = (figure) => `${figure.figure}: ${figure.pace ?? figure.pattern}`;
const older = olderTree(before);
try {
  const then = new Map(figures(older).map((figure) => [key(figure), figure]));
  const now = figures(root);
  console.log(`guesses checked (a day of trying, every guess wrong; each costs at least 8 s: the 5 s notification and the reload)`);
  console.log(`${'pace'.padEnd(36)} ${`${before}: first hour / any hour / day`.padEnd(40)} this tree: first hour / any hour / day`);
  for (const figure of now.filter((f) => f.figure === 'guesses')) {
    const old = then.get(key(figure));
    const row = (f) => (f ? `${f.firstHour} / ${f.mostInAnHour} / ${f.day}` : 'n/a');
    console.log(`${figure.pace.padEnd(36)} ${row(old).padEnd(40)} ${row(figure)}`);
  }
  console.log(`\ncard flood: how long a notification still holds the buttons after the last read (store time, reloads counted apart)`);
  console.log(`${'pattern'.padEnd(46)} ${`${before}`.padEnd(24)} this tree`);
  for (const figure of now.filter((f) => f.figure === 'flood')) {
    const old = then.get(key(figure));
    const row = (f) => (f ? `${(f.blockedMs / 1000).toFixed(1)} s, ${f.reloads} reload(s)` : 'n/a');
    console.log(`${figure.pattern.padEnd(46)} ${row(old).padEnd(24)} ${row(figure)}`);
  }
} finally {
  rmSync(older, { recursive: true, force: true });
}
