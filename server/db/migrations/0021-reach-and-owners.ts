import type { Kysely } from 'kysely';
import type { Migration } from './index.ts';

/**
 * Issue 43, reads within reach:
 *
 * - `jobs.languages`: the languages a link job could touch (JSON array; null: every language), so
 *   an account limited to some lists only the jobs within its own. Older jobs have none recorded:
 *   they count as every language's, and only accounts reaching every language see them.
 * - `change_sets (user_id, seq)`: an account that is no administrator lists its own change sets.
 */
export const reachAndOwners: Migration = {
  name: '0021-reach-and-owners',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('jobs').addColumn('languages', 'text').execute();
    await db.schema
      .createIndex('change_sets_user_seq_idx')
      .on('change_sets')
      .columns(['user_id', 'seq'])
      .execute();
  },
};
