import SQLite from 'better-sqlite3';
import type { TableWriter } from './writer.ts';

const BATCH = 500;

/**
 * Fills the app's SQLite file directly: multi-row INSERTs of 500 rows, one transaction per table,
 * with the journal and syncing off while filling (a crash means filling again, nothing else) and
 * the secondary indexes built once at the end instead of row by row.
 */
export function sqliteWriter(file: string): TableWriter {
  const db = new SQLite(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -1000000');

  return {
    async insert(table, columns, rows) {
      const statement = (n: number) =>
        db.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES ` +
            Array.from({ length: n }, () => `(${columns.map(() => '?').join(', ')})`).join(', '),
        );
      const full = statement(BATCH);
      let values: unknown[] = [];
      let count = 0;
      db.exec('BEGIN');
      for (const row of rows) {
        for (const value of row) values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
        if (++count % BATCH === 0) {
          full.run(values);
          values = [];
        }
      }
      if (values.length > 0) statement(values.length / columns.length).run(values);
      db.exec('COMMIT');
      return count;
    },

    async execute(sql) {
      db.exec('BEGIN');
      const changes = db.prepare(sql).run().changes;
      db.exec('COMMIT');
      return changes;
    },

    async dropSecondaryIndexes(table) {
      const indexes = db
        .prepare(
          `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`,
        )
        .all(table) as Array<{ name: string; sql: string }>;
      for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
      return indexes.map((index) => index.sql);
    },

    async createIndexes(definitions) {
      for (const definition of definitions) db.exec(definition);
    },

    async close() {
      db.pragma('locking_mode = NORMAL');
      // The app opens in WAL mode; leave the file as it expects it.
      db.pragma('journal_mode = WAL');
      db.close();
    },
  };
}
