import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import type { Migration } from './index.ts';

/**
 * Issue 35, jobs across instances:
 *
 * - `owner` and `lease_until`: a job belongs to the server process that runs it, which renews its
 *   lease every few seconds. Any instance marks a job interrupted once its lease has run out, so a
 *   restarting instance leaves the others' jobs alone and a dead owner's job is seen within
 *   seconds. Jobs stored before this migration have no lease: they count as expired.
 * - `jobs_one_unfinished_idx`: at most one queued or running job of a kind, whichever instance
 *   starts it. The database refuses the second insert, so two starts at once on two instances
 *   cannot both pass a check. Older unfinished jobs (two could run before this index) are marked
 *   interrupted first, the newest of each kind kept.
 */
export const jobLeases: Migration = {
  name: '0019-job-leases',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('jobs').addColumn('owner', 'text').execute();
    await db.schema.alterTable('jobs').addColumn('lease_until', t.timestamp).execute();
    await sql`update jobs
      set status = 'interrupted', finished_at = updated_at,
        error = 'The server stopped while this job ran; start it again to finish it.'
      where status in ('queued', 'running')
        and id not in (select max(id) from jobs where status in ('queued', 'running') group by kind)`.execute(
      db,
    );
    await sql`create unique index jobs_one_unfinished_idx on jobs (kind)
      where status in ('queued', 'running')`.execute(db);
  },
};
