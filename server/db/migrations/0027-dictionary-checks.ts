import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import type { Migration } from './index.ts';

/**
 * Issue 46: which dictionary each language's stored flags were computed with (its fingerprint:
 * files, offensive words, judging code). At start, a language whose configured dictionary has
 * another fingerprint, or none any more, has its words judged again in the background
 * (server/dictionary/recheck.ts); `checked_at` is when that last finished.
 */
export const dictionaryChecks: Migration = {
  name: '0027-dictionary-checks',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('dictionary_checks')
      .addColumn('language_id', 'integer', (c) =>
        c.primaryKey().references('languages.id').onDelete('cascade'),
      )
      .addColumn('fingerprint', 'text')
      .addColumn('source', 'text')
      .addColumn('checked_at', t.timestamp)
      .execute();
  },
};
