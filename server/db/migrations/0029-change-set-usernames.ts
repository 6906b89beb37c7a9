import type { Kysely } from 'kysely';
import type { Migration } from './index.ts';

/**
 * The change sets' `username` filter matches names that contain the text, ignoring case, as the
 * audit log's does (issue 44: `changes list --user admin` found none where `audit --user admin`
 * found them): the few distinct names are read from this index by a skip-scan
 * (server/api/resources/text-match.ts, fewValuesCondition).
 */
export const changeSetUsernames: Migration = {
  name: '0029-change-set-usernames',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('change_sets_username_idx')
      .ifNotExists()
      .on('change_sets')
      .column('username')
      .execute();
  },
};
