import pg from 'pg';
import type { TableWriter } from './writer.ts';

const CHUNK = 20_000;

/**
 * Fills a PostgreSQL database directly: each table in one transaction, rows sent in chunks of
 * 20,000 as one array per column (`INSERT … SELECT * FROM unnest(…)`), synchronous_commit off, the
 * secondary indexes built once at the end. Ids are explicit, so the sequences are moved past them.
 */
export async function postgresWriter(connectionString: string, schema?: string): Promise<TableWriter> {
  const client = new pg.Client({
    connectionString,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  await client.connect();
  await client.query('SET synchronous_commit = off');
  await client.query(`SET maintenance_work_mem = '512MB'`);
  // The rows reference each other correctly by construction: skip the per-row foreign-key
  // triggers when allowed (superuser); otherwise they simply run. Replica mode skips every
  // ordinary trigger, not only those.
  const replica = await client.query('SET session_replication_role = replica').then(
    () => true,
    () => false,
  );

  const types = async (table: string) => {
    const { rows } = await client.query<{ column_name: string; udt_name: string }>(
      `SELECT column_name, udt_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    );
    return new Map(rows.map((r) => [r.column_name, r.udt_name]));
  };

  return {
    async insert(table, columns, rows) {
      const udt = await types(table);
      const casts = columns.map((c, i) => `$${i + 1}::${udt.get(c) ?? 'text'}[]`).join(', ');
      const statement = `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${casts})`;
      let arrays: unknown[][] = columns.map(() => []);
      let count = 0;
      await client.query('BEGIN');
      for (const row of rows) {
        row.forEach((value, i) => arrays[i]!.push(value));
        if (++count % CHUNK === 0) {
          await client.query(statement, arrays);
          arrays = columns.map(() => []);
        }
      }
      if (arrays[0]!.length > 0) await client.query(statement, arrays);
      // Skipped triggers include the one stamping each result's time (migration 0018): stamp them
      // as it would have, so the difficulty's `since`/`until` filters see every row (P12).
      if (replica && table === 'user_levels') {
        await client.query(
          'INSERT INTO user_level_times (level_id, user_id, updated_at) SELECT level_id, user_id, now() FROM user_levels ON CONFLICT DO NOTHING',
        );
      }
      if (udt.has('id')) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${table}))`,
          [table],
        );
      }
      await client.query('COMMIT');
      return count;
    },

    async execute(sql) {
      await client.query('BEGIN');
      const result = await client.query(sql);
      const table = /INSERT INTO (\w+)/.exec(sql)?.[1];
      if (table) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${table}))`,
          [table],
        );
      }
      await client.query('COMMIT');
      return result.rowCount ?? 0;
    },

    async dropSecondaryIndexes(table) {
      const { rows } = await client.query<{ indexname: string; indexdef: string }>(
        `SELECT i.indexname, i.indexdef FROM pg_indexes i
          WHERE i.schemaname = current_schema() AND i.tablename = $1
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                             WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
        [table],
      );
      for (const { indexname } of rows) await client.query(`DROP INDEX "${indexname}"`);
      return rows.map((r) => r.indexdef);
    },

    async createIndexes(definitions) {
      for (const definition of definitions) await client.query(definition);
    },

    async close() {
      // What autovacuum does within a minute of such a load, so plans match a live server's: the
      // statistics, and for GIN indexes a vacuum, which empties their pending list of rows inserted
      // after the index was made and records its size (never vacuumed, the planner takes a trigram
      // search on a 10,000-row table for a sequential scan). Only this data set's tables.
      const { rows } = await client.query<{ name: string }>(
        'SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema()',
      );
      for (const { name } of rows) await client.query(`VACUUM (ANALYZE) ${name}`);
      await client.end();
    },
  };
}
