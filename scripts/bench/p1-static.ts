import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchContext } from './context.ts';
import { med, measureRuns, type LoadResult } from './load.ts';
import { ms, row, type Row } from './report.ts';
import { startHelper } from './server.ts';

export const PUBLIC_PAGES = ['/', '/terms-of-service', '/privacy-policy', '/about-us', '/no-such-page'];
// What a browser sends; the app may answer compressed, and the floor then sends the same bytes.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The app's raw answer (status, headers, undecoded bytes) to a browser-like GET. */
export function rawGet(url: string, headers: Record<string, string> = BROWSER) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) kept[name] = String(value);
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** Every answer had the status the page has (200, or 404 for the unknown path). */
const answered = (runs: LoadResult[], status: number) =>
  runs.every(
    (r) => r.errors === 0 && r.timeouts === 0 && r.requests > 0 && r.statusCodes[status] === r.requests,
  );

/**
 * P1: each public page and the 404 under 50 connections, against a bare node:http server in its
 * own process returning the same status, headers and bytes from memory, in the same run
 * (interleaved runs). Targets: ≥ 0.5 × the bare server's req/s; p99 ≤ 10 ms.
 */
export async function p1(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const recorded: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const page of PUBLIC_PAGES) {
    const answer = await rawGet(`${server.url}${page}`);
    recorded[page] = { status: answer.status, headers: answer.headers, body: answer.body.toString('base64') };
  }
  const file = path.join(tmpdir(), `argus-bench-pages-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(recorded));
  const bare = await startHelper('bare-server.ts', [file]);
  const rows: Row[] = [];
  try {
    for (const page of PUBLIC_PAGES) {
      const status = recorded[page]!.status;
      const job = { connections: 50, duration: ctx.options.duration, headers: BROWSER };
      const [app, floor] = await measureRuns(
        ctx.loader,
        [
          { ...job, url: `${server.url}${page}` },
          { ...job, url: `${bare.url}${page}` },
        ],
        ctx.options.runs,
        { duration: 1 },
      );
      const appRps = med(app!, (r) => r.rps);
      const bareRps = med(floor!, (r) => r.rps);
      const ratio = appRps / bareRps;
      const p99 = med(app!, (r) => r.p99);
      const ok = answered(app!, status) && answered(floor!, status);
      const label = `GET ${page}${status === 404 ? ' (404)' : ''}, 50 connections`;
      rows.push(
        row(
          'P1',
          `${label}: req/s vs bare node:http`,
          `${Math.round(appRps)} vs ${Math.round(bareRps)} = ${ratio.toFixed(2)}×${ok ? '' : ' (wrong answers)'}`,
          '≥ 0.5×',
          ok && ratio >= 0.5,
        ),
        row('P1', `${label}: p99`, ms(p99), '≤ 10 ms', ok && p99 <= 10),
      );
    }
  } finally {
    bare.stop();
  }
  return rows;
}
