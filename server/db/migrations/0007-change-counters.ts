import { sql, type Kysely } from 'kysely';
import type { Migration } from './index.ts';

/** The tables whose lists are counted (the nine content tables and the audit log). */
export const COUNTED_TABLES = [
  'languages',
  'stages',
  'letter_groups',
  'words',
  'levels',
  'users',
  'user_levels',
  'letter_group_levels',
  'letter_group_words',
  'audit_log',
];

/**
 * PostgreSQL only. Counting a million rows reads every one of them however it is indexed (MVCC:
 * each row's visibility is checked), so list counts are kept until the table changes
 * (server/db/count-cache.ts). Every statement that writes a table, by any client, appends a row
 * here in its own transaction: the sum of `weight` for a table grows with each commit and is read
 * in the same snapshot as the count it versions. Appending never waits on
 * another writer (no shared counter row); readers fold old rows into one, keeping the sum.
 * (SQLite has its own signal, PRAGMA data_version.)
 */
export const changeCounters: Migration = {
  name: '0007-change-counters',
  async up(db: Kysely<unknown>, dialect) {
    if (dialect !== 'postgres') return;
    await sql`create table table_changes (
      id bigserial primary key,
      table_name text not null,
      weight bigint not null default 1
    )`.execute(db);
    await sql`create index table_changes_table_name_idx on table_changes (table_name)`.execute(db);
    await sql`create function note_table_change() returns trigger language plpgsql as $$
      begin
        -- Named with the table's own schema: a write from any search_path is counted.
        execute format('insert into %I.table_changes (table_name) values ($1)', tg_table_schema)
          using tg_table_name;
        return null;
      end
    $$`.execute(db);
    for (const table of COUNTED_TABLES) {
      await sql`create trigger ${sql.id(`${table}_changes`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function note_table_change()`.execute(db);
    }
  },
};
