// The benchmark's table: one line a figure, with its budget and whether it is
// met; and bench/results.json with the same figures and the raw samples.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';

const KB = 1000; // as Vite reports sizes

export const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
export const ms = (value) => (value === null ? '<16 ms' : `${value.toFixed(1)} ms`);

/**
 * A line of the table. `budget` is { text, met } when the figure has one.
 * @param {string} row @param {string} figure @param {string} value @param {{ text: string, met: boolean } | null} [budget]
 */
export const line = (row, figure, value, budget = null) => ({ row, figure, value, budget });

export const atMost = (value, limit, text) => ({ text, met: value !== null && value <= limit });

export function printTable(lines) {
  const widths = ['row', 'figure', 'value'].map((key) => Math.max(...lines.map((l) => l[key].length), key.length));
  const pad = (l) => `${l.row.padEnd(widths[0])}  ${l.figure.padEnd(widths[1])}  ${l.value.padStart(widths[2])}`;
  console.log(`\n${pad({ row: 'row', figure: 'figure', value: 'value' })}  budget`);
  console.log('-'.repeat(widths[0] + widths[1] + widths[2] + 30));
  let previous = null;
  for (const l of lines) {
    const shown = { ...l, row: l.row === previous ? '' : l.row };
    previous = l.row;
    const verdict = l.budget ? `${l.budget.text}  ${l.budget.met ? 'met' : 'MISSED'}` : '';
    console.log(`${pad(shown)}  ${verdict}`);
  }
}

/** What the figures were measured on: the day, the machine and how busy it was. */
export function machine(browserVersion) {
  return {
    date: new Date().toISOString().slice(0, 10),
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
    chromium: browserVersion,
    node: process.version,
  };
}

export async function writeResults(file, content) {
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`);
}
