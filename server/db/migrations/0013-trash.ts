import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import type { Migration } from './index.ts';

/**
 * The trash: every row hard-deleted through the API (single delete, bulk delete, the undo of a
 * create), whole, for 30 days, so it can be restored with its id. Its own table rather than a view
 * over the audit log's delete entries: the audit log is kept for ever and must not be purged,
 * whereas the trash forgets after 30 days; finding "deleted and not re-created since" in the log
 * needs a scan per row, while here a restore or a re-create simply removes the row; and the
 * purge is a bounded DELETE on an indexed date.
 */
export const trash: Migration = {
  name: '0013-trash',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('trash')
      .addColumn('id', t.id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'integer', (c) => c.notNull())
      // The whole row as the API answered it, JSON text.
      .addColumn('row', 'text', (c) => c.notNull())
      .addColumn('deleted_at', t.timestamp, (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('deleted_by', 'text', (c) => c.notNull())
      .addColumn('change_set_id', 'text')
      .execute();
    await db.schema.createIndex('trash_deleted_at_idx').on('trash').column('deleted_at').execute();
    await db.schema.createIndex('trash_entity_idx').on('trash').columns(['entity', 'entity_id']).execute();
  },
};
