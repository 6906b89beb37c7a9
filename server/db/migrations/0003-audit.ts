import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import type { Migration } from './index.ts';

/**
 * The audit log of the content API: one row per create, update or delete. No foreign keys, so an
 * entry outlives whatever it describes; `before` and `after` hold JSON text of the changed fields.
 */
export const audit: Migration = {
  name: '0003-audit',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('audit_log')
      .addColumn('id', t.id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('at', t.timestamp, (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema
      .createIndex('audit_log_entity_idx')
      .on('audit_log')
      .columns(['entity', 'entity_id'])
      .execute();
    await db.schema.createIndex('audit_log_username_idx').on('audit_log').column('username').execute();
  },
};
