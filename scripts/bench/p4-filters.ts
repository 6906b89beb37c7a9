import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API } from './auth.ts';
import type { BenchContext } from './context.ts';
import { buildPostgresFloor } from './floor-postgres.ts';
import { buildSqliteFloor, floorQueries, type FloorQuery } from './floor-sqlite.ts';
import { allOk, med, measureRuns, type LoadJob } from './load.ts';
import { apiPath, filterQueries, type FilterQuery } from './p4-queries.ts';
import { ms, row, type Row } from './report.ts';
import { startHelper } from './server.ts';

// A first answer slower than this: runs count requests (3 each) instead of seconds.
const SLOW_MS = 250;
// Before the first row, both servers answer every query in turn for this long, so that the first
// row is not measured against code V8 has not yet optimised (P4 run alone follows no other load).
const WARM_UP_SECONDS = 2;

async function totalOf(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = (await response.json().catch(() => ({}))) as { totalElements?: number; totalPages?: number };
  return { status: response.status, total: body.totalElements, ms: performance.now() - started };
}

async function floorFor(
  ctx: BenchContext,
  queries: FilterQuery[],
): Promise<{ target: string; statements: FloorQuery[] }> {
  if (ctx.dialect === 'postgres') return buildPostgresFloor(ctx.databaseUrl!, ctx.stamp!, queries);
  const file = buildSqliteFloor(ctx.dataDir, ctx.stamp!, queries);
  return { target: file, statements: floorQueries(file, queries) };
}

/** P4's rule against the floor: 2 ms over it, or three times a floor of 1 ms or more. */
export function nearFloor(p95: number, floorP95: number): boolean {
  return p95 <= floorP95 + 2 || (floorP95 >= 1 && p95 <= 3 * floorP95);
}

/**
 * P4: every filter of every list through the content API with a bearer token, one client at a
 * time, against the same query answered by a floor (FTS5 trigram or pg_trgm plus plain indexes,
 * keyset pages) behind a bare node:http server. Both must report the same totalElements.
 * Targets: p95 ≤ 20 ms, and within 2 ms of the floor's p95 or (where the floor takes 1 ms or
 * more) within 3 × the floor's: a sub-millisecond floor cannot be held to a ratio over HTTP.
 */
export async function p4(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const bearer = await ctx.bearer();
  const queries = filterQueries(ctx.stamp!.volumes);
  const floor = await floorFor(ctx, queries);
  const statementsFile = path.join(tmpdir(), `argus-bench-floor-${process.pid}.json`);
  writeFileSync(statementsFile, JSON.stringify(floor.statements));
  const floorServer = await startHelper('floor-server.ts', [floor.target, statementsFile]);
  const appPaths = queries.map((q) => `${API}${apiPath(q)}`);
  const floorPaths = queries.map((_, i) => `/q/${i}`);
  const rows: Row[] = [];
  try {
    const warmUp = { connections: 1, duration: WARM_UP_SECONDS, timeoutSeconds: 60 };
    await ctx.loader.run({ ...warmUp, url: server.url, headers: bearer, paths: appPaths });
    await ctx.loader.run({ ...warmUp, url: floorServer.url, paths: floorPaths });
    for (const [i, q] of queries.entries()) {
      const appUrl = `${server.url}${appPaths[i]}`;
      const floorUrl = `${floorServer.url}${floorPaths[i]}`;
      const first = await totalOf(appUrl, bearer);
      const floorFirst = await totalOf(floorUrl);
      const slow = first.ms > SLOW_MS;
      const job: Omit<LoadJob, 'url'> = slow
        ? { connections: 1, duration: 600, amount: 3, timeoutSeconds: 60 }
        : { connections: 1, duration: 1 };
      const [app, base] = await measureRuns(
        ctx.loader,
        [
          { ...job, url: appUrl, headers: bearer },
          { ...job, url: floorUrl },
        ],
        ctx.options.runs,
        { amount: 2, duration: 600 },
      );
      const p95 = med(app!, (r) => r.p95);
      const floorP95 = med(base!, (r) => r.p95);
      const ratio = p95 / floorP95;
      const sameTotals = first.status === 200 && first.total === floorFirst.total;
      const ok = sameTotals && app!.every(allOk) && base!.every(allOk);
      if (!ctx.heavy || p95 > ctx.heavy.p95) ctx.heavy = { label: q.label, path: apiPath(q), p95 };
      const problem = !sameTotals
        ? ` — answers differ: API ${first.status} total ${first.total}, floor total ${floorFirst.total}`
        : ok
          ? ''
          : ' — errors during the runs';
      rows.push(
        row(
          'P4',
          `${q.label} (${first.total?.toLocaleString('en') ?? '?'} rows)`,
          `p95 ${ms(p95)}; floor ${ms(floorP95)} (${ratio.toFixed(1)}×)${problem}`,
          '≤ 20 ms; ≤ floor + 2 ms or ≤ 3× a floor ≥ 1 ms',
          ok && p95 <= 20 && nearFloor(p95, floorP95),
        ),
      );
      console.log(`  ${rows.at(-1)!.status}  ${rows.at(-1)!.figure}: ${rows.at(-1)!.value}`);
    }
  } finally {
    floorServer.stop();
  }
  return rows;
}
