import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SQLITE_FILE, type DataStamp } from './data/fill.ts';
import { PAGE_SIZE, type FilterQuery } from './p4-queries.ts';

/** A query of the floor server: two prepared statements and their parameters. */
export interface FloorQuery {
  countSql: string;
  countParams: unknown[];
  pageSql: string;
  pageParams: unknown[];
  page: number;
}

export const FLOOR_FILE = 'bench-floor.sqlite';
const FLOOR_STAMP = 'bench-floor.json';

const bool = (value: number | boolean) => (typeof value === 'boolean' ? Number(value) : value);
const phrase = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * P4's floor on SQLite: a scratch copy of the data set (VACUUM INTO) with an FTS5 `trigram` index
 * (external content) on every filtered text column and a plain index on every combination of
 * exact filters the queries use. Built once per data set (a few tens of seconds) and kept beside it.
 */
export function buildSqliteFloor(dir: string, stamp: DataStamp, queries: readonly FilterQuery[]): string {
  const file = path.join(dir, FLOOR_FILE);
  const key = JSON.stringify({ id: stamp.id, queries: queries.map((q) => [q.table, q.text, q.equal]) });
  const stampFile = path.join(dir, FLOOR_STAMP);
  if (existsSync(file) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === key) return file;

  const started = performance.now();
  rmSync(file, { force: true });
  rmSync(stampFile, { force: true });
  const source = new SQLite(path.join(dir, SQLITE_FILE), { readonly: true });
  source.prepare('VACUUM INTO ?').run(file);
  source.close();

  const db = new SQLite(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  const textColumns = new Map<string, Set<string>>();
  const exactSets = new Set<string>();
  for (const q of queries) {
    for (const column of Object.keys(q.text)) {
      textColumns.set(q.table, (textColumns.get(q.table) ?? new Set()).add(column));
    }
    const exact = Object.keys(q.equal).sort();
    if (exact.length > 0) exactSets.add(`${q.table}(${exact.join(', ')})`);
  }
  for (const [table, columns] of textColumns) {
    db.exec(
      `CREATE VIRTUAL TABLE ${table}_fts USING fts5(${[...columns].join(', ')}, ` +
        `content='${table}', content_rowid='id', tokenize='trigram')`,
    );
    db.exec(`INSERT INTO ${table}_fts(${table}_fts) VALUES ('rebuild')`);
  }
  for (const [i, definition] of [...exactSets].entries()) db.exec(`CREATE INDEX floor_${i} ON ${definition}`);
  db.exec('ANALYZE');
  db.close();
  writeFileSync(stampFile, key);
  console.log(
    `  built the FTS5 trigram floor in ${((performance.now() - started) / 1000).toFixed(0)} s: ${file}`,
  );
  return file;
}

/**
 * The floor's statements for a query: counts from the trigram index alone when only text filters
 * apply, else from the table through its index; the page by keyset (`id > last id of the previous
 * page`, looked up here once, untimed), as a cursor-paging client would ask.
 */
export function floorQueries(file: string, queries: readonly FilterQuery[]): FloorQuery[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return queries.map((q) => {
      const texts = Object.entries(q.text);
      const match = texts.map(([column, value]) => `${column} : ${phrase(value)}`).join(' AND ');
      const exact = Object.entries(q.equal);
      // With text filters the trigram index drives: its rowids come in id order.
      const from =
        texts.length > 0 ? `${q.table}_fts JOIN ${q.table} t ON t.id = ${q.table}_fts.rowid` : `${q.table} t`;
      const id = texts.length > 0 ? `${q.table}_fts.rowid` : 't.id';
      const where = [
        ...(texts.length > 0 ? [`${q.table}_fts MATCH ?`] : []),
        ...exact.map(([c]) => `t.${c} = ?`),
      ];
      const params = [...(texts.length > 0 ? [match] : []), ...exact.map(([, value]) => bool(value))];
      const clause = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
      const countSql =
        exact.length === 0 && texts.length > 0
          ? `SELECT count(*) AS n FROM ${q.table}_fts WHERE ${q.table}_fts MATCH ?`
          : `SELECT count(*) AS n FROM ${from}${clause}`;
      let pageSql = `SELECT t.* FROM ${from}${clause} ORDER BY ${id} LIMIT ${PAGE_SIZE}`;
      let pageParams = params;
      if (q.page > 0) {
        const last = db
          .prepare(`SELECT ${id} AS id FROM ${from}${clause} ORDER BY ${id} LIMIT 1 OFFSET ?`)
          .get(...params, q.page * PAGE_SIZE - 1) as { id: number } | undefined;
        pageSql = `SELECT t.* FROM ${from}${clause}${clause ? ' AND' : ' WHERE'} ${id} > ? ORDER BY ${id} LIMIT ${PAGE_SIZE}`;
        pageParams = [...params, last?.id ?? Number.MAX_SAFE_INTEGER];
      }
      return { countSql, countParams: params, pageSql, pageParams, page: q.page };
    });
  } finally {
    db.close();
  }
}
