import { sql, type Kysely } from 'kysely';
import type { Migration } from './index.ts';

/**
 * Every text column a list filters by "contains" (the entities' `text` filters), by table. Kept
 * here, not derived, because a shipped migration never changes; a test checks that each text filter
 * of every entity is listed.
 */
export const TEXT_SEARCH_COLUMNS: Record<string, string[]> = {
  users: ['email', 'username'],
  words: ['letters'],
  letter_groups: ['letters'],
  levels: ['hint'],
  languages: ['language'],
  audit_log: ['username'],
};

/** The SQLite FTS5 table that indexes a table's searchable columns. */
export const searchTableOf = (table: string) => `${table}_search`;

/**
 * Substring filters through indexes the database keeps itself, so rows written by any path (the
 * API, the CLI, an operator's SQL) are found without a scan of the table.
 * - SQLite: an FTS5 `trigram` table over the columns (external content: it stores no copy of the
 *   text), kept in step by triggers.
 * - PostgreSQL: a `pg_trgm` GIN index per column, which serves the case-class regular expressions
 *   the filters already use.
 * Either index narrows the candidates; the exact case-insensitive match is still checked on them.
 */
export const textSearch: Migration = {
  name: '0005-text-search',
  async up(db: Kysely<unknown>, dialect) {
    if (dialect === 'postgres') {
      // Extensions are database-wide: made in public (not in a per-suite schema that may be dropped),
      // and the operator class is named with whichever schema holds it.
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      const { rows } = await sql<{ schema: string }>`
        select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
        db,
      );
      const opclass = sql`${sql.id(rows[0]!.schema)}.gin_trgm_ops`;
      for (const [table, columns] of Object.entries(TEXT_SEARCH_COLUMNS)) {
        for (const column of columns) {
          const index = `${table}_${column}_trgm_idx`;
          await sql`create index ${sql.id(index)} on ${sql.table(table)} using gin (${sql.ref(column)} ${opclass})`.execute(
            db,
          );
        }
      }
      return;
    }
    for (const [table, columns] of Object.entries(TEXT_SEARCH_COLUMNS)) {
      const fts = searchTableOf(table);
      const list = columns.join(', ');
      const values = (prefix: string) => columns.map((c) => `${prefix}.${c}`).join(', ');
      const statements = [
        `create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`,
        `create trigger ${table}_search_insert after insert on ${table} begin
          insert into ${fts}(rowid, ${list}) values (new.id, ${values('new')});
        end`,
        `create trigger ${table}_search_delete after delete on ${table} begin
          insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${values('old')});
        end`,
        `create trigger ${table}_search_update after update of ${list} on ${table} begin
          insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${values('old')});
          insert into ${fts}(rowid, ${list}) values (new.id, ${values('new')});
        end`,
        // Indexes what the table already holds.
        `insert into ${fts}(${fts}) values ('rebuild')`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    }
  },
};
