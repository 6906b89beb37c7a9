import type { Kysely } from 'kysely';
import type { Migration } from './index.ts';

/**
 * An index for every number and boolean list filter, so "highest score = 1234" or "inactive words"
 * reads the matching entries instead of scanning a million rows. In SQLite an index on a column is
 * ordered by rowid (the id) within each value, which is the lists' order; PostgreSQL needs the id
 * spelled out.
 */
const FILTERED_COLUMNS: Array<[table: string, column: string]> = [
  ['languages', 'is_active'],
  ['stages', 'is_active'],
  ['stages', 'letter_count'],
  ['words', 'is_active'],
  ['letter_groups', 'is_active'],
  ['letter_group_levels', 'used'],
  ['user_levels', 'valid_words'],
  ['user_levels', 'invalid_words'],
  ['user_levels', 'highest_score'],
  ['user_levels', 'completed'],
  ['user_levels', 'locked'],
  ['audit_log', 'action'],
];

/** The filters the panel combines most: active rows of one language. */
const COMBINED: Array<[table: string, columns: string[]]> = [
  ['words', ['language_id', 'is_active']],
  ['letter_groups', ['language_id', 'is_active']],
];

/**
 * SQLite only: an index on the id alone. A deep page skips its offset on the page's ids first; on
 * this narrow index that reads a few hundred kilobytes where the table would read every skipped
 * row whole, several times slower. PostgreSQL's primary key index already is one.
 */
const BIG_TABLES = [
  'users',
  'user_levels',
  'words',
  'letter_groups',
  'letter_group_words',
  'levels',
  'audit_log',
];

export const filterIndexes: Migration = {
  name: '0006-filter-indexes',
  async up(db: Kysely<unknown>, dialect) {
    for (const [table, column] of FILTERED_COLUMNS) {
      await db.schema
        .createIndex(`${table}_${column}_filter_idx`)
        .on(table)
        .columns(dialect === 'sqlite' ? [column] : [column, 'id'])
        .execute();
    }
    for (const [table, columns] of COMBINED) {
      await db.schema
        .createIndex(`${table}_${columns.join('_')}_filter_idx`)
        .on(table)
        .columns(dialect === 'sqlite' ? columns : [...columns, 'id'])
        .execute();
    }
    if (dialect !== 'sqlite') return;
    for (const table of BIG_TABLES) {
      await db.schema.createIndex(`${table}_id_only_idx`).on(table).column('id').execute();
    }
  },
};
