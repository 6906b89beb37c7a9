import pg from 'pg';
import type { DataStamp } from './data/fill.ts';
import type { FloorQuery } from './floor-sqlite.ts';
import { PAGE_SIZE, type FilterQuery } from './p4-queries.ts';

const SCHEMA = 'bench_floor';

/**
 * P4's floor on PostgreSQL: copies of the queried tables in a scratch schema with a pg_trgm GIN
 * index on every filtered text column (ILIKE) and a btree on every combination of exact filters
 * (then id), analysed. Rebuilt when the data set changes; the statements page by keyset.
 */
export async function buildPostgresFloor(
  databaseUrl: string,
  stamp: DataStamp,
  queries: readonly FilterQuery[],
): Promise<{ target: string; statements: FloorQuery[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const key = JSON.stringify({ id: stamp.id, queries: queries.map((q) => [q.table, q.text, q.equal]) });
    const built = await client
      .query<{ key: string }>(`SELECT key FROM ${SCHEMA}.stamp`)
      .then((r) => r.rows[0]?.key === key)
      .catch(() => false);
    if (!built) await build(client, key, queries);
    const statements: FloorQuery[] = [];
    for (const q of queries) statements.push(await statementsFor(client, q));
    return { target: databaseUrl, statements };
  } finally {
    await client.end();
  }
}

async function build(client: pg.Client, key: string, queries: readonly FilterQuery[]): Promise<void> {
  const started = performance.now();
  const source = (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
  await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await client.query(`CREATE SCHEMA ${SCHEMA}`);
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  // Named with whichever schema holds it: the data set's search_path may not include it.
  const trgm = (
    await client.query<{ s: string }>(
      `SELECT extnamespace::regnamespace::text AS s FROM pg_extension WHERE extname = 'pg_trgm'`,
    )
  ).rows[0]!.s;
  const tables = [...new Set(queries.map((q) => q.table))];
  for (const table of tables) {
    await client.query(`CREATE TABLE ${SCHEMA}.${table} AS SELECT * FROM "${source}".${table}`);
    await client.query(`ALTER TABLE ${SCHEMA}.${table} ADD PRIMARY KEY (id)`);
  }
  const indexes = new Set<string>();
  for (const q of queries) {
    for (const column of Object.keys(q.text)) {
      indexes.add(`${SCHEMA}.${q.table} USING gin (${column} ${trgm}.gin_trgm_ops)`);
    }
    const exact = Object.keys(q.equal).sort();
    if (exact.length > 0) indexes.add(`${SCHEMA}.${q.table} (${[...exact, 'id'].join(', ')})`);
  }
  for (const index of indexes) await client.query(`CREATE INDEX ON ${index}`);
  await client.query(`ANALYZE`);
  await client.query(`CREATE TABLE ${SCHEMA}.stamp (key text)`);
  await client.query(`INSERT INTO ${SCHEMA}.stamp VALUES ($1)`, [key]);
  console.log(
    `  built the pg_trgm floor in ${((performance.now() - started) / 1000).toFixed(0)} s (schema ${SCHEMA})`,
  );
}

const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function statementsFor(client: pg.Client, q: FilterQuery): Promise<FloorQuery> {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of Object.entries(q.text)) {
    params.push(like(value));
    where.push(`${column} ILIKE $${params.length}`);
  }
  for (const [column, value] of Object.entries(q.equal)) {
    params.push(value);
    where.push(`${column} = $${params.length}`);
  }
  const clause = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const table = `${SCHEMA}.${q.table}`;
  const countSql = `SELECT count(*)::int AS n FROM ${table}${clause}`;
  if (q.page === 0) {
    return {
      countSql,
      countParams: params,
      pageSql: `SELECT * FROM ${table}${clause} ORDER BY id LIMIT ${PAGE_SIZE}`,
      pageParams: params,
      page: 0,
    };
  }
  const last = await client.query<{ id: number }>(
    `SELECT id FROM ${table}${clause} ORDER BY id LIMIT 1 OFFSET ${q.page * PAGE_SIZE - 1}`,
    params,
  );
  const after = `$${params.length + 1}`;
  return {
    countSql,
    countParams: params,
    pageSql: `SELECT * FROM ${table}${clause}${clause ? ' AND' : ' WHERE'} id > ${after} ORDER BY id LIMIT ${PAGE_SIZE}`,
    pageParams: [...params, last.rows[0]?.id ?? 2_147_483_647],
    page: q.page,
  };
}
