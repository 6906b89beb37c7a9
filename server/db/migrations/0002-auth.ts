import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import type { Migration } from './index.ts';
import { createIndexes } from '../indexes.ts';

/**
 * Credentials live apart from `users` (which is content the API edits): password hash, encrypted
 * TOTP secret, recovery codes and tokens. Times are epoch milliseconds (bigint) so both dialects
 * compare them the same way against the injected clock; "flags" are nullable times (revokedAt,
 * usedAt) for the same reason.
 */
export const auth: Migration = {
  name: '0002-auth',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    const id = (c: ColumnDefinitionBuilder) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
    const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

    await db.schema
      .createTable('auth_credentials')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      // AES-256-GCM ciphertext of the TOTP secret; null until the first admin login.
      .addColumn('totp_secret', 'text')
      .addColumn('enrolled_at', 'bigint')
      // The last accepted TOTP time step: a step is accepted once only.
      .addColumn('last_totp_step', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('auth_recovery_codes')
      .addColumn('id', t.id, id)
      .addColumn('user_id', 'integer', user)
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addUniqueConstraint('auth_recovery_codes_user_code', ['user_id', 'code_hash'])
      .execute();

    await db.schema
      .createTable('auth_tokens')
      .addColumn('id', t.id, id)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', user)
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      // Refresh tokens: when rotated. Presenting one again revokes its family.
      .addColumn('used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      // Two-factor tokens: verification attempts made with it (capped).
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    const indexes: Array<[string, string[]]> = [
      ['auth_tokens', ['family_id']],
      ['auth_tokens', ['user_id']],
      ['auth_tokens', ['expires_at']],
    ];
    await createIndexes(db, indexes);
  },
};
