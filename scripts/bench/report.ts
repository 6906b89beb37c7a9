import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Status = 'PASS' | 'FAIL' | 'SKIP';

/** One line of the table: a measured figure against its target. */
export interface Row {
  /** The benchmark it belongs to: P1…P10, or an older one's name. */
  bench: string;
  figure: string;
  value: string;
  target: string;
  status: Status;
  /** Why it was skipped, or what it ran on. */
  note?: string;
}

export const row = (bench: string, figure: string, value: string, target: string, pass: boolean): Row => ({
  bench,
  figure,
  value,
  target,
  status: pass ? 'PASS' : 'FAIL',
});

export const skip = (bench: string, figure: string, note: string): Row => ({
  bench,
  figure,
  value: '—',
  target: '—',
  status: 'SKIP',
  note,
});

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;

/** The median of three or more runs (each figure of the table is one). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Prints the table as Markdown (pasted as is into docs/benchmarks.md). */
export function printTable(rows: readonly Row[]): void {
  const lines = [
    ['#', 'Figure', 'Value', 'Target', 'Result'],
    ...rows.map((r) => [r.bench, r.figure, r.value, r.target, r.note ? `${r.status} (${r.note})` : r.status]),
  ];
  console.log('');
  for (const [i, cells] of lines.entries()) {
    console.log(`| ${cells.join(' | ')} |`);
    if (i === 0) console.log(`|${cells.map(() => '---').join('|')}|`);
  }
  console.log('');
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`;
}

/** bench/results/<time>.json (git-ignored): the rows, the machine and what the run was given. */
export function writeResults(root: string, rows: readonly Row[], context: Record<string, unknown>): string {
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ machine: machine(), ...context, rows }, null, 2));
  return file;
}
