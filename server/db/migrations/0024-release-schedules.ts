import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import { createIndexes } from '../indexes.ts';
import type { Migration } from './index.ts';

/**
 * Issue 45: publishes scheduled for a given time. Every instance looks for due ones every few
 * seconds; the first to mark one `started` (a guarded update) runs it, as a publish job like any
 * other. Pending → started (→ the job says how it went) | cancelled | failed (refused by the gate,
 * or another publish was running past the grace period).
 */
export const releaseSchedules: Migration = {
  name: '0024-release-schedules',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('release_schedules')
      .addColumn('id', t.id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('run_at', t.timestamp, (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('forced_reason', 'text')
      .addColumn('share', 'integer', (c) => c.notNull().defaultTo(100))
      .addColumn('user_id', 'integer')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('job_id', 'integer')
      .execute();
    await createIndexes(db, [['release_schedules', ['status', 'run_at']]]);
  },
};
