import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import { createIndexes } from '../indexes.ts';
import type { Migration } from './index.ts';

/**
 * A team, not one key (issue 33):
 * - each panel account has a permission set and, optionally, the languages it is limited to
 *   (JSON array of language ids; null: every language). Accounts that existed stay administrators;
 * - its last login and where from, for the Team screen;
 * - API tokens for scripts: a name, an owner, a reach no wider than the owner's, an expiry, a
 *   keyed hash of the token (never the token), when it was last used and whether it was revoked.
 * On PostgreSQL a write to api_tokens notifies like the other access tables (migration 0016), so a
 * revocation holds on every instance as it commits.
 */
export const team: Migration = {
  name: '0017-team',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    const id = (c: ColumnDefinitionBuilder) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
    await db.schema
      .alterTable('auth_credentials')
      .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('administrator'))
      .execute();
    await db.schema.alterTable('auth_credentials').addColumn('languages', 'text').execute();
    await db.schema.alterTable('auth_credentials').addColumn('last_login_at', 'bigint').execute();
    await db.schema.alterTable('auth_credentials').addColumn('last_login_ip', 'text').execute();

    await db.schema
      .createTable('api_tokens')
      .addColumn('id', t.id, id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('permissions', 'text', (c) => c.notNull())
      .addColumn('languages', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('last_used_ip', 'text')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await createIndexes(db, [['api_tokens', ['user_id']]]);

    if (dialect === 'postgres') {
      await sql`create trigger api_tokens_access_notice
        after insert or update or delete or truncate on api_tokens
        for each statement execute function note_access_change()`.execute(db);
    }
  },
};
