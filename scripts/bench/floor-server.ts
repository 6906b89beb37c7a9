import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { FloorQuery } from './floor-sqlite.ts';

/**
 * P4's floor over HTTP, in a process of its own: `GET /q/N` runs query N's count and page on the
 * floor database (SQLite file, or PostgreSQL with `postgres://…`) and answers the same page shape
 * as the API, with no framework, no auth and no logging. Prints its port on stdout.
 */
const [target, queriesFile] = process.argv.slice(2) as [string, string];
const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as FloorQuery[];
const SIZE = 20;

type Run = (q: FloorQuery) => Promise<{ total: number; rows: unknown[] }>;
let run: Run;
if (target.startsWith('postgres')) {
  const pool = new pg.Pool({ connectionString: target, max: 4 });
  run = async (q) => {
    const count = await pool.query<{ n: number }>(q.countSql, q.countParams);
    const page = await pool.query(q.pageSql, q.pageParams);
    return { total: Number(count.rows[0]?.n ?? 0), rows: page.rows };
  };
} else {
  const db = new SQLite(target, { readonly: true });
  const prepared = queries.map((q) => ({ count: db.prepare(q.countSql), page: db.prepare(q.pageSql) }));
  run = async (q) => {
    const i = queries.indexOf(q);
    const count = prepared[i]!.count.get(...q.countParams) as { n: number };
    return { total: count.n, rows: prepared[i]!.page.all(...q.pageParams) };
  };
}

const server = createServer((req, res) => {
  const q = queries[Number(/^\/q\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1)];
  if (!q) return void res.writeHead(404).end();
  run(q).then(
    ({ total, rows }) => {
      const totalPages = Math.ceil(total / SIZE);
      const body = JSON.stringify({
        content: rows,
        pageable: { pageNumber: q.page, pageSize: SIZE, offset: q.page * SIZE },
        totalPages,
        totalElements: total,
        number: q.page,
        size: SIZE,
        numberOfElements: rows.length,
        first: q.page === 0,
        last: q.page >= totalPages - 1,
        empty: rows.length === 0,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    },
    (error: unknown) => res.writeHead(500).end(String(error)),
  );
});
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as { port: number }).port }));
});
