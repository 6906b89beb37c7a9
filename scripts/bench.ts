import os from 'node:os';
import { parseArgs } from 'node:util';
import { BenchContext } from './bench/context.ts';
import { report, type BenchResult } from './bench/harness.ts';
import { linksBench } from './bench/links.ts';
import { p1 } from './bench/p1-static.ts';
import { p2 } from './bench/p2-panel.ts';
import { p3 } from './bench/p3-proxy.ts';
import { p4 } from './bench/p4-filters.ts';
import { p5 } from './bench/p5-isolation.ts';
import { cliStart } from './bench/cli-start.ts';
import { p6, p7, p8 } from './bench/p6-cli.ts';
import { p6Panel } from './bench/p6-panel-import.ts';
import { p7LinkJob } from './bench/p7-link-job.ts';
import { p9 } from './bench/p9-bundles.ts';
import { p9Lighthouse } from './bench/p9-lighthouse.ts';
import { p10 } from './bench/p10-memory.ts';
import { p11 } from './bench/p11-undo.ts';
import { p12 } from './bench/p12-difficulty.ts';
import { p13 } from './bench/p13-releases.ts';
import { publicPagesBench } from './bench/public-pages.ts';
import { machine, printTable, row, skip, writeResults, type Row } from './bench/report.ts';
import { ROOT } from './bench/server.ts';

/**
 * `npm run bench [-- NAME…] [--data DIR] [--scale N] [--runs N] [--duration S]`: every benchmark
 * (or the named ones) against a production build on loopback; prints one table, writes it to
 * bench/results/*.json and exits 1 when any row fails.
 */
interface Bench {
  /** Needs the large data set (bench:data) rather than an empty database. */
  large: boolean;
  run(ctx: BenchContext): Promise<Row[]>;
}

/** The two in-process ratio benchmarks that came before the suite, as rows. */
const ratioRows = (name: string, result: BenchResult | null, missing: string): Row[] => {
  if (!result) return [skip(name, missing, 'apt-get install wamerican or wamerican-huge')];
  const ratio = result.baseline.msPerOp / result.candidate.msPerOp;
  return [
    row(
      name,
      `${result.name}: ${result.candidate.label} vs ${result.baseline.label}`,
      `${result.candidate.msPerOp.toFixed(3)} vs ${result.baseline.msPerOp.toFixed(3)} ms/op = ${ratio.toFixed(1)}×`,
      `≥ ${result.target}×`,
      report([result]),
    ),
  ];
};

// In the order a full run takes them: P10 reports the memory after P1–P5, then stops the server.
const BENCHES: Record<string, Bench> = {
  P9: { large: false, run: p9 },
  P1: { large: false, run: p1 },
  P2: { large: true, run: p2 },
  P3: { large: false, run: p3 },
  P4: { large: true, run: p4 },
  P5: { large: true, run: p5 },
  P10: { large: true, run: p10 },
  P6: { large: false, run: p6 },
  P6P: { large: false, run: p6Panel },
  P7: { large: false, run: p7 },
  P7J: { large: false, run: p7LinkJob },
  P8: { large: false, run: p8 },
  P11: { large: true, run: p11 },
  P12: { large: true, run: p12 },
  P13: { large: true, run: p13 },
  CLI: { large: false, run: cliStart },
  P9L: { large: true, run: p9Lighthouse },
  'landing-cache': {
    large: false,
    run: async () => ratioRows('landing-cache', await publicPagesBench(), 'landing page'),
  },
  'letter-matching': {
    large: false,
    run: async () => ratioRows('letter-matching', await linksBench(), 'letter-group matching'),
  },
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: 'string' },
    scale: { type: 'string', default: '1' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
  },
});
const unknown = positionals.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const selected = positionals.length > 0 ? positionals : Object.keys(BENCHES);
const runs = Math.max(3, Number(values.runs));
const ctx = new BenchContext(
  {
    runs,
    duration: Number(values.duration),
    dataDir: values.data ?? process.env.BENCH_DATA_DIR ?? null,
    scale: Number(values.scale),
    databaseUrl: process.env.DATABASE_URL || null,
  },
  selected.some((name) => BENCHES[name]!.large),
);

// Other work on the machine skews every figure: the run says how busy it was.
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
ctx.notes.push(`load average at the start: ${load()}`);
const rows: Row[] = [];
try {
  for (const name of selected) {
    console.log(`— ${name}`);
    const started = performance.now();
    // A benchmark that breaks is a failed row, not the end of the run.
    const produced = await BENCHES[name]!.run(ctx).catch((error: unknown) => {
      console.error(error);
      const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error);
      return [{ ...row(name, 'the benchmark itself', 'crashed', 'runs', false), note: message }];
    });
    ctx.ran.push(name);
    for (const r of produced) {
      console.log(`  ${r.status}  ${r.figure}: ${r.note ?? `${r.value} (target ${r.target})`}`);
    }
    console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    rows.push(...produced);
  }
} finally {
  await ctx.close();
}

ctx.notes.push(`load average at the end: ${load()}`);
console.log(`Machine: ${machine()}`);
for (const note of ctx.notes) console.log(`Ran on: ${note}`);
printTable(rows);
const file = writeResults(ROOT, rows, { selected, runs, duration: ctx.options.duration, notes: ctx.notes });
console.log(`Written to ${file}`);
process.exitCode = rows.some((r) => r.status === 'FAIL') ? 1 : 0;
