import type { Kysely } from 'kysely';
import type { Migration } from './index.ts';

/**
 * Lists sort by a column, then by id (issue 12). Every sortable field (the entities' `sortable`)
 * gets an index starting with its column, so a sorted page reads index entries in order instead of
 * sorting the table. In SQLite an index on a column is already ordered by rowid within each value;
 * PostgreSQL needs the id spelled out (the tiebreak), and on the foreign keys migration 0001
 * indexed alone it gets a second index with the id.
 */
const SORTED: Array<[table: string, column: string]> = [
  ['words', 'letters'],
  ['letter_groups', 'letters'],
  ['users', 'is_active'],
  ['users', 'email'],
  ['users', 'role'],
  ['users', 'coins'],
  ['users', 'valid_words'],
  ['users', 'max_level'],
  ['users', 'total_score'],
  ['users', 'created_at'],
  ['users', 'updated_at'],
  ['levels', 'is_active'],
  ['levels', 'number'],
  ['levels', 'hint'],
  ['levels', 'assignment'],
  ['levels', 'time'],
  ['levels', 'required_letter_flag'],
  ['levels', 'required_letter_position'],
  ['levels', 'check_condition'],
  ['levels', 'is_chill'],
];

/** PostgreSQL only: foreign keys indexed alone by 0001, now sortable. */
const WITH_ID: Array<[table: string, column: string]> = [
  ['letter_groups', 'stage_id'],
  ['levels', 'stage_id'],
  ['users', 'language_id'],
  ['user_levels', 'level_id'],
  ['letter_group_levels', 'level_id'],
  ['letter_group_words', 'word_id'],
];

export const sortIndexes: Migration = {
  name: '0010-sort-indexes',
  async up(db: Kysely<unknown>, dialect) {
    for (const [table, column] of SORTED) {
      await db.schema
        .createIndex(`${table}_${column}_sort_idx`)
        .on(table)
        .columns(dialect === 'sqlite' ? [column] : [column, 'id'])
        .execute();
    }
    if (dialect === 'sqlite') return;
    for (const [table, column] of WITH_ID) {
      await db.schema
        .createIndex(`${table}_${column}_id_sort_idx`)
        .on(table)
        .columns([column, 'id'])
        .execute();
    }
  },
};
