import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import type { Migration } from './index.ts';

/**
 * Issue 45: which release the game gets. One row: the current release, the one before it (never
 * pruned, so a rollback always has somewhere to go), and a staged release with the share of players
 * who get it first. A publish, a widening or a rollback changes this row in one transaction, so a
 * game request sees the old release or the new one, never a mix.
 *
 * Every instance keeps what it read of the row until something may have changed it: on SQLite the
 * change counter moves with every commit; on PostgreSQL a write to the row notifies on the access
 * channel (migration 0016), which every instance already listens to, so a publish or a rollback on
 * one instance is served by every other from its next request.
 */
export const releaseState: Migration = {
  name: '0023-release-state',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('release_state')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('current_number', 'integer')
      .addColumn('previous_number', 'integer')
      .addColumn('staged_number', 'integer')
      .addColumn('staged_share', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('switched_at', t.timestamp)
      .execute();
    await sql`insert into release_state (id, staged_share) values (1, 0)`.execute(db);
    if (dialect === 'postgres') {
      await sql`create trigger release_state_access_notice
        after insert or update or delete or truncate on release_state
        for each statement execute function note_access_change()`.execute(db);
    }
  },
};
