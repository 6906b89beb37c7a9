import { PANEL } from './auth.ts';
import type { BenchContext } from './context.ts';
import { allOk, med, measureRuns } from './load.ts';
import { PAGE_SIZE } from './p4-queries.ts';
import { ms, row, type Row } from './report.ts';

/**
 * P2: logged-in admin list pages, server-rendered with their data, on the large data set: users
 * and words page 1, a users page past 20,000 (scaled with --scale), and text-filtered pages, at
 * 200 req/s offered at an even pace (paced-load.ts) over at most 10 connections. Each page must
 * show its "Page N of M" and no error.
 * Targets: p50 ≤ 15 ms, p99 ≤ 50 ms.
 */
export async function p2(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const cookie = await ctx.cookie();
  const v = ctx.stamp!.volumes;
  const deep = Math.min(20_001, Math.floor(((v.users + 1) / PAGE_SIZE) * 0.4));
  const pages = [
    { label: 'users, page 1', path: `${PANEL}/user`, page: 1 },
    { label: 'words, page 1', path: `${PANEL}/word`, page: 1 },
    { label: `users, page ${deep.toLocaleString('en')}`, path: `${PANEL}/user?page=${deep}`, page: deep },
    { label: 'users, username contains "ana12"', path: `${PANEL}/user?username=ana12`, page: 1 },
    { label: 'words, letters contains "tion"', path: `${PANEL}/word?letters=tion`, page: 1 },
  ];
  const rows: Row[] = [];
  for (const page of pages) {
    const url = `${server.url}${page.path}`;
    const response = await fetch(url, { headers: cookie, redirect: 'manual' });
    // React separates adjacent text nodes with empty comments: `Page <!-- -->2<!-- --> of`.
    const html = (await response.text()).replaceAll('<!-- -->', '');
    const shows =
      response.status === 200 && html.includes(`Page ${page.page} of`) && !html.includes('Error: ');
    const [runs] = await measureRuns(
      ctx.loader,
      [{ url, connections: 10, overallRate: 200, duration: ctx.options.duration, headers: cookie }],
      ctx.options.runs,
      { duration: 1 },
    );
    const p50 = med(runs!, (r) => r.p50);
    const p99 = med(runs!, (r) => r.p99);
    const rps = med(runs!, (r) => r.rps);
    const ok = shows && runs!.every(allOk);
    rows.push(
      row(
        'P2',
        `panel ${page.label}, 200 req/s offered`,
        `p50 ${ms(p50)}, p99 ${ms(p99)} (${Math.round(rps)} req/s served)` +
          (shows ? '' : ` — the page did not render its data (${response.status})`) +
          (ok || !shows
            ? ''
            : runs!.some((r) => r.requests === 0)
              ? ' — a run got no answer within its duration'
              : ' — errors during the runs'),
        'p50 ≤ 15 ms, p99 ≤ 50 ms',
        ok && p50 <= 15 && p99 <= 50,
      ),
    );
  }
  return rows;
}
