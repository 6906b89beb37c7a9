import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import type { Migration } from './index.ts';

/**
 * Background jobs (the panel's link builder over a filtered list of letter groups): their progress
 * lives here, not in the process, so a page reload finds it and a restart shows a job that was
 * running as `interrupted` instead of forgetting it. `params` and `result` are JSON text.
 */
export const jobs: Migration = {
  name: '0014-jobs',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('jobs')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      // queued → running → done | failed | interrupted
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('result', 'text')
      .addColumn('error', 'text')
      .addColumn('user_id', 'integer')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('change_set_id', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, (c) => c.notNull())
      .addColumn('finished_at', t.timestamp)
      .execute();
    // Newest first per kind (the jobs screen), and the running ones at start-up.
    await db.schema.createIndex('jobs_kind_id_idx').on('jobs').columns(['kind', 'id']).execute();
    await db.schema.createIndex('jobs_status_idx').on('jobs').column('status').execute();
  },
};
