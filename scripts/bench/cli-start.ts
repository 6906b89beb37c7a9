import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildCli } from '../build-cli.ts';
import type { BenchContext } from './context.ts';
import { cliWorld } from './p6-cli.ts';
import { median, ms, row, type Row } from './report.ts';
import { ROOT } from './server.ts';

/** Starts timed per figure: the median is taken of these, after one warm-up each. */
const STARTS = 11;

/** build/cli rebuilt when older than cli/ or shared/ (else cli/bin.js would run the sources with tsx). */
async function ensureCliBuild(): Promise<void> {
  const compiled = path.join(ROOT, 'build/cli/run.js');
  let newest = 0;
  for (const dir of ['cli', 'shared'])
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true }))
      if (entry.isFile())
        newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  if (existsSync(compiled) && statSync(compiled).mtimeMs >= newest) return;
  console.log('Building the CLI (build/cli)…');
  await buildCli(ROOT);
}

function timed(args: string[], env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

/**
 * CLI start (issue 15, point 1): `argus-words --version` against a bare `node -e 0` on the same
 * machine, their starts alternated so both see the same load; and `whoami` — one API call to a
 * server on loopback with a saved session — as a person at a terminal would time it.
 */
export async function cliStart(ctx: BenchContext): Promise<Row[]> {
  await ensureCliBuild();
  const env = { ...process.env, NODE_OPTIONS: '' };
  const bare: number[] = [];
  const version: number[] = [];
  timed(['-e', '0'], env);
  timed(['cli/bin.js', '--version'], env);
  for (let i = 0; i < STARTS; i += 1) {
    bare.push(timed(['-e', '0'], env));
    version.push(timed(['cli/bin.js', '--version'], env));
  }
  const ratio = median(version) / median(bare);

  const w = await cliWorld(ctx);
  w.cli(['whoami']);
  const whoami = Array.from({ length: STARTS }, () => w.cli(['whoami']).ms);
  const p50 = median(whoami);
  return [
    row(
      'CLI',
      `argus-words --version vs bare \`node -e 0\` (median of ${STARTS} starts each)`,
      `${ms(median(version))} vs ${ms(median(bare))} = ${ratio.toFixed(1)}×`,
      '≤ 3×',
      ratio <= 3,
    ),
    row(
      'CLI',
      `argus-words whoami, one API call on loopback, logged in (p50 of ${STARTS})`,
      // The bare start beside it: on a busy machine both grow alike.
      `${ms(p50)} (bare node start ${ms(median(bare))})`,
      '≤ 300 ms',
      p50 <= 300,
    ),
  ];
}
