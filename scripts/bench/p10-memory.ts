import path from 'node:path';
import { API, PANEL } from './auth.ts';
import type { BenchContext } from './context.ts';
import { filterQueries, apiPath } from './p4-queries.ts';
import { ms, median, row, type Row } from './report.ts';
import { ROOT, startServer } from './server.ts';

const STARTS = 3;

/**
 * P10: the server's resident memory after the benchmarks that ran before it in this invocation
 * (P1–P5 in a full run), then after each of three repeats of a mixed load (GET / at 50
 * connections, a sample of P4 queries, two panel list pages); then three fresh starts of the
 * production server on the same data, timed to the first 200 of `GET /`.
 * Targets: RSS ≤ 250 MB; growth from the first repeat to the third < 10 %; first 200 ≤ 1.5 s.
 */
export async function p10(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const bearer = await ctx.bearer();
  const cookie = await ctx.cookie();
  const before = [...ctx.ran];
  const rssAfterBenches = server.rssMb();
  const queries = filterQueries(ctx.stamp!.volumes).filter((_, i) => i % 6 === 0);
  const duration = Math.min(ctx.options.duration, 2);
  const after: number[] = [];
  for (let repeat = 0; repeat < 3; repeat++) {
    await ctx.loader.run({ url: `${server.url}/`, connections: 50, duration });
    for (const q of queries) {
      await ctx.loader.run({
        url: `${server.url}${API}${apiPath(q)}`,
        connections: 1,
        duration: 1,
        headers: bearer,
      });
    }
    for (const page of ['/user', '/word?letters=tion']) {
      await ctx.loader.run({
        url: `${server.url}${PANEL}${page}`,
        connections: 10,
        duration,
        headers: cookie,
      });
    }
    after.push(server.rssMb());
  }
  const peak = Math.max(rssAfterBenches, ...after);
  const growth = (after[2]! - after[0]!) / after[0]!;

  await ctx.stopServer();
  const starts: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const fresh = await startServer({
      dataDir: ctx.dataDir,
      databaseUrl: ctx.databaseUrl,
      logFile: path.join(ROOT, 'bench', 'server-start.log'),
    });
    starts.push(fresh.firstOkMs);
    await fresh.stop();
  }
  const firstOk = median(starts);
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  return [
    row(
      'P10',
      `server RSS after ${before.length ? before.join(', ') : 'no other benchmark'} and three repeats`,
      `${mb(peak)} (after the benchmarks ${mb(rssAfterBenches)})`,
      '≤ 250 MB',
      peak <= 250,
    ),
    row(
      'P10',
      'RSS growth over three repeats of a mixed load',
      `${(growth * 100).toFixed(1)} % (${after.map(mb).join(' → ')})`,
      '< 10 %',
      growth < 0.1,
    ),
    row(
      'P10',
      'first 200 of GET / after `node scripts/start.js` (built assets, large data set)',
      `${ms(firstOk)} (starts: ${starts.map((s) => s.toFixed(0)).join(', ')} ms)`,
      '≤ 1,500 ms',
      firstOk <= 1500,
    ),
  ];
}
