import { sql, type Kysely } from 'kysely';
import { ACCOUNT_NAME_RULE, enforceNaturalKeys } from '../natural-keys.ts';
import type { Migration } from './index.ts';

/** Now in epoch milliseconds, as the token tables store times, in each dialect's SQL. */
const NOW_MS = {
  sqlite: sql`cast((julianday('now') - 2440587.5) * 86400000 as integer)`,
  postgres: sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`,
};

/**
 * Issue 43, reads within reach and access that ends with its owner's:
 *
 * - `jobs.languages`: the languages a link job could touch (JSON array; null: every language), so
 *   an account limited to some lists only the jobs within its own. Older jobs have none recorded:
 *   they count as every language's, and only accounts reaching every language see them.
 * - `change_sets (user_id, seq)`: an account that is no administrator lists its own change sets.
 * - A panel account that stops being one that may sign in — deactivated, deleted (softly) or made
 *   a player — loses its sessions, its open invitation and its API tokens for good, by whatever
 *   write: the Team endpoints revoke them themselves, and this trigger does it for any other (the
 *   users resource, an undo, an operator's SQL). Reactivating the account revives none of them.
 *   Tokens of accounts that are already so are revoked now, for the same reason.
 * - Panel account usernames are unique ignoring case (natural-keys.ts ACCOUNT_NAME_RULE): the index
 *   is created now unless accounts already share a name, which is then warned about at every start
 *   and never merged; the index follows once they are renamed.
 */
export const reachAndOwners: Migration = {
  name: '0021-reach-and-owners',
  async up(db: Kysely<unknown>, dialect) {
    await db.schema.alterTable('jobs').addColumn('languages', 'text').execute();
    await db.schema
      .createIndex('change_sets_user_seq_idx')
      .on('change_sets')
      .columns(['user_id', 'seq'])
      .execute();

    const now = NOW_MS[dialect];
    const inactive = dialect === 'sqlite' ? sql`is_active = 0` : sql`is_active = false`;
    for (const table of ['api_tokens', 'auth_tokens']) {
      await sql`update ${sql.table(table)} set revoked_at = ${now}
        where revoked_at is null and user_id in (select id from users
          where ${inactive} or deleted_at is not null or role <> 'admin')`.execute(db);
    }

    const ended = sql`old.role = 'admin' and (
      (old.is_active and not new.is_active)
      or (old.deleted_at is null and new.deleted_at is not null)
      or new.role <> 'admin')`;
    const revoke = (table: string) =>
      sql`update ${sql.table(table)} set revoked_at = ${now} where user_id = new.id and revoked_at is null`;
    if (dialect === 'sqlite') {
      await sql`create trigger users_access_ended after update of is_active, deleted_at, role on users
        when ${ended}
        begin
          ${revoke('api_tokens')};
          ${revoke('auth_tokens')};
        end`.execute(db);
    } else {
      await sql`create function end_account_access() returns trigger language plpgsql as $$
        begin
          ${revoke('api_tokens')};
          ${revoke('auth_tokens')};
          return null;
        end
      $$`.execute(db);
      await sql`create trigger users_access_ended after update of is_active, deleted_at, role on users
        for each row when (${ended}) execute function end_account_access()`.execute(db);
    }

    await enforceNaturalKeys(db, dialect, [ACCOUNT_NAME_RULE]);
  },
};
