// The mutation score per folder, from the JSON report `npm run test:mutation` writes:
//   node scripts/mutation-summary.mjs [report.json]                 one line per folder
//   node scripts/mutation-summary.mjs [report.json] --survivors DIR  each surviving mutant under DIR
// Score as Stryker counts it: (killed + timed out) / (killed + timed out + survived + no coverage).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const survivorsAt = args.indexOf('--survivors');
const survivorsOf = survivorsAt >= 0 ? args.splice(survivorsAt, 2)[1] : null;
const report = JSON.parse(readFileSync(args[0] ?? 'reports/mutation/mutation.json', 'utf8'));

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const folderOf = (file) => file.split('/').slice(0, 3).join('/');

if (survivorsOf) {
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    if (!file.startsWith(survivorsOf)) continue;
    const lines = source.split('\n');
    for (const mutant of mutants.filter((m) => UNDETECTED.has(m.status))) {
      const { line, column } = mutant.location.start;
      const code = lines[line - 1].trim().slice(0, 100);
      console.log(`${file}:${line}:${column} ${mutant.status} ${mutant.mutatorName} -> ${JSON.stringify(mutant.replacement ?? '')}\n    ${code}`);
    }
  }
} else {
  const rows = new Map();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const row = rows.get(folderOf(file)) ?? { detected: 0, undetected: 0, other: 0 };
    for (const mutant of mutants) {
      if (DETECTED.has(mutant.status)) row.detected += 1;
      else if (UNDETECTED.has(mutant.status)) row.undetected += 1;
      else row.other += 1;
    }
    rows.set(folderOf(file), row);
  }
  const total = { detected: 0, undetected: 0, other: 0 };
  const line = (name, { detected, undetected, other }) => {
    const score = detected + undetected === 0 ? 'n/a' : `${((100 * detected) / (detected + undetected)).toFixed(1)}%`;
    console.log(`${name.padEnd(30)} ${score.padStart(7)}  killed ${String(detected).padStart(4)}  survived ${String(undetected).padStart(4)}  ignored ${other}`);
  };
  for (const [folder, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    line(folder, row);
    for (const key of Object.keys(total)) total[key] += row[key];
  }
  line('all', total);
}
