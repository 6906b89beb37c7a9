import type { Kysely } from 'kysely';
import type { Migration } from './index.ts';

/**
 * Lists filter by a foreign key and page in id order. The natural-key indexes start with the same
 * column but are ordered by another one, so each page sorted every matching row (a whole language
 * of words, per page). These indexes serve "where fk = ? order by id" directly: in SQLite an index
 * on the column is already ordered by rowid (the id); PostgreSQL needs the id spelled out.
 */
const FILTERED_LISTS: Array<[table: string, column: string]> = [
  ['words', 'language_id'],
  ['letter_groups', 'language_id'],
  ['levels', 'language_id'],
  ['letter_group_words', 'letter_group_id'],
  ['letter_group_levels', 'letter_group_id'],
  ['user_levels', 'user_id'],
];

export const listOrderIndexes: Migration = {
  name: '0004-list-order-indexes',
  async up(db: Kysely<unknown>, dialect) {
    for (const [table, column] of FILTERED_LISTS) {
      await db.schema
        .createIndex(`${table}_${column}_id_idx`)
        .on(table)
        .columns(dialect === 'sqlite' ? [column] : [column, 'id'])
        .execute();
    }
  },
};
