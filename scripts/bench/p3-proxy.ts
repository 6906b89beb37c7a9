import { API, PANEL } from './auth.ts';
import type { BenchContext } from './context.ts';
import { cpuPerRequest } from './cpu-time.ts';
import { allOk, med, measureRuns } from './load.ts';
import { ms, row, type Row } from './report.ts';

// A cheap search, so the figure is the proxy's own cost and not the query's.
const SEARCH = '/languages/cms/search/';

/**
 * P3: the panel's proxied search (session cookie → the panel's call to the API with the session's
 * token) against the same search straight to the content API with a bearer token, both at 1,000
 * req/s offered at an even pace (paced-load.ts) over at most 20 connections, runs interleaved.
 * Targets: added p50 ≤ 1.5 ms, added p99 ≤ 5 ms.
 * The server's CPU time per request of each goes into the notes: on a busy machine it says more
 * about the proxy's own cost than the latencies do.
 */
export async function p3(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const bearer = await ctx.bearer();
  const cookie = await ctx.cookie();
  const directUrl = `${server.url}${API}${SEARCH}`;
  const proxiedUrl = `${server.url}${PANEL}/api${SEARCH}`;
  const direct = await fetch(directUrl, { headers: bearer }).then((r) => r.text());
  const proxied = await fetch(proxiedUrl, { headers: cookie }).then((r) => r.text());
  const same = direct === proxied && direct.includes('"content"');
  const job = { connections: 20, overallRate: 1000, duration: ctx.options.duration };
  const [d, p] = await measureRuns(
    ctx.loader,
    [
      { ...job, url: directUrl, headers: bearer },
      { ...job, url: proxiedUrl, headers: cookie },
    ],
    ctx.options.runs,
    { duration: 1 },
  );
  const ok = same && d!.every(allOk) && p!.every(allOk);
  const counted = { connections: 10, overallRate: 800, duration: 60, amount: 4000 };
  const [cd, cp] = await cpuPerRequest(
    ctx.loader,
    server.pid,
    [
      { ...counted, url: directUrl, headers: bearer },
      { ...counted, url: proxiedUrl, headers: cookie },
    ],
    ctx.options.runs,
  );
  ctx.notes.push(
    `P3 server CPU per request: proxied ${Math.round(cp!.total)} µs (main thread ${Math.round(cp!.main)}), ` +
      `direct ${Math.round(cd!.total)} µs (main thread ${Math.round(cd!.main)}): ` +
      `added ${Math.round(cp!.total - cd!.total)} µs (main thread ${Math.round(cp!.main - cd!.main)})`,
  );
  const rows: Row[] = [];
  for (const [name, pick, limit] of [
    ['p50', (r: { p50: number }) => r.p50, 1.5],
    ['p99', (r: { p99: number }) => r.p99, 5],
  ] as const) {
    const added = med(p!, pick) - med(d!, pick);
    rows.push(
      row(
        'P3',
        `proxied search vs direct with a bearer token, 1,000 req/s offered: added ${name}`,
        `${ms(added)} (${ms(med(p!, pick))} vs ${ms(med(d!, pick))}; ` +
          `${Math.round(med(p!, (r) => r.rps))} vs ${Math.round(med(d!, (r) => r.rps))} req/s)` +
          (same ? '' : ' — the proxied answer differs') +
          (ok || !same ? '' : ' — errors during the runs'),
        `≤ ${limit} ms`,
        ok && added <= limit,
      ),
    );
  }
  return rows;
}
