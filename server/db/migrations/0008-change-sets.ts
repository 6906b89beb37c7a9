import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import type { Migration } from './index.ts';

/**
 * Change sets: every write a CLI run (command, import, script) makes is grouped under one id the
 * client sends (`X-Change-Set`), so the whole run can be listed, shown and undone as one unit.
 * The row is created by the first audit entry that carries the id; its counts grow as writes land.
 * `undoes` names the change set an undo reverted; `undone_by` the undo that reverted this one.
 */
export const changeSets: Migration = {
  name: '0008-change-sets',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('change_sets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // The order they began in (PostgreSQL: a sequence; SQLite, one writer at a time: max + 1).
      .addColumn('seq', t.id === 'serial' ? 'serial' : 'integer', (c) => c.notNull())
      .addColumn('at', t.timestamp, (c) => c.notNull())
      .addColumn('last_at', t.timestamp, (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('command', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('undoes', 'text')
      .addColumn('undone_by', 'text')
      .addColumn('undone_at', t.timestamp)
      .execute();
    // Listed newest first.
    await db.schema.createIndex('change_sets_seq_idx').on('change_sets').column('seq').execute();
    await db.schema.alterTable('audit_log').addColumn('change_set_id', 'text').execute();
    // A change set's entries, row by row (show, undo).
    await db.schema
      .createIndex('audit_log_change_set_idx')
      .on('audit_log')
      .columns(['change_set_id', 'entity', 'entity_id', 'id'])
      .execute();
  },
};
