import { API } from './auth.ts';
import type { BenchContext } from './context.ts';
import { allOk, startLoader, type LoadJob, type LoadResult } from './load.ts';
import { ms, median, row, type Row } from './report.ts';

// Issue 11's slowest search when P4 has not run in this invocation to find the heaviest.
const DEFAULT_HEAVY = {
  label: 'users: email contains "zzq" (no match)',
  path: '/users/cms/search/?email=zzq',
};

/**
 * P5: `GET /` at 100 req/s (an even pace) over 5 connections, idle and then while another client
 * (a second load process) runs the heaviest P4 query in a loop; runs alternate. Target: loaded
 * p95 ≤ max(10 ms, 3 × idle p95).
 */
export async function p5(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const bearer = await ctx.bearer();
  const heavy = ctx.heavy ?? DEFAULT_HEAVY;
  const probe: LoadJob = {
    url: `${server.url}/`,
    connections: 5,
    overallRate: 100,
    duration: ctx.options.duration,
  };
  const background = startLoader();
  const idle: LoadResult[] = [];
  const loaded: LoadResult[] = [];
  let loops = 0;
  try {
    for (let i = 0; i <= ctx.options.runs; i++) {
      const quiet = await ctx.loader.run(probe);
      const busy = background.run({
        url: `${server.url}${API}${heavy.path}`,
        connections: 1,
        duration: ctx.options.duration + 1,
        headers: bearer,
        timeoutSeconds: 60,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const during = await ctx.loader.run(probe);
      loops += (await busy).requests;
      // The first pair warms up.
      if (i > 0) {
        idle.push(quiet);
        loaded.push(during);
      }
    }
  } finally {
    background.close();
  }
  const idleP95 = median(idle.map((r) => r.p95));
  const loadedP95 = median(loaded.map((r) => r.p95));
  const limit = Math.max(10, 3 * idleP95);
  const ok = [...idle, ...loaded].every(allOk);
  return [
    row(
      'P5',
      `GET / p95 while "${heavy.label}" runs in a loop`,
      `${ms(loadedP95)} (idle ${ms(idleP95)}; ${loops} heavy answers meanwhile)${ok ? '' : ' — errors during the runs'}`,
      `≤ ${ms(limit)}`,
      ok && loadedP95 <= limit,
    ),
  ];
}
