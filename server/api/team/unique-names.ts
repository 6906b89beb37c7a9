import { sql, type Kysely } from 'kysely';
import { nameKey } from '#shared/names.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../http/errors.ts';

/**
 * Names are unique without regard to case (shared/names.ts, issue 43): a panel account's username
 * among every panel account, deleted ones included (the history still names them), and exactly
 * among players too; a token's name among its owner's live tokens (a revoked or expired token's
 * name may be given to its replacement). Each check runs in the transaction that writes the name,
 * after taking a lock that a concurrent writer of the same kind of name waits for: SQLite's write
 * transactions take the database's write lock as they begin (server/db/sqlite-dialect.ts);
 * PostgreSQL takes an advisory lock. Panel accounts are few: their names are compared in full.
 */

/** Advisory lock keys (PostgreSQL): one for usernames, one per owner for token names. */
const USERNAMES_LOCK = 4_300_021;
const TOKEN_NAMES_LOCK = 4_300_022;

type Db = Kysely<Database>;

async function lock(trx: Db, dialect: Dialect, key: number, sub = 0): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${key}, ${sub})`.execute(trx);
}

/** 409 unless `username` is free: no user holds it, no panel account holds it in another case. */
export async function assertUsernameFree(
  trx: Db,
  dialect: Dialect,
  username: string,
  exceptUserId?: number,
): Promise<void> {
  await lock(trx, dialect, USERNAMES_LOCK);
  const exact = await trx
    .selectFrom('users')
    .select(['id', 'role'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (exact && exact.id !== exceptUserId) throw conflict(`The username ${username} is taken: choose another`);
  const key = nameKey(username);
  const accounts = await trx
    .selectFrom('users')
    .select(['id', 'username'])
    .where('role', '=', 'admin')
    .execute();
  const alike = accounts.find((row) => row.id !== exceptUserId && nameKey(row.username) === key);
  if (alike)
    throw conflict(
      `The username ${username} is taken: the account ${alike.username} has it (usernames are compared without regard to case)`,
    );
}

/** 409 unless no live token of `userId` has `name` in any case. */
export async function assertTokenNameFree(
  trx: Db,
  dialect: Dialect,
  userId: number,
  name: string,
  now: number,
): Promise<void> {
  await lock(trx, dialect, TOKEN_NAMES_LOCK, userId);
  const live = await trx
    .selectFrom('apiTokens')
    .select('name')
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .execute();
  const key = nameKey(name);
  const alike = live.find((row) => nameKey(row.name) === key);
  if (alike)
    throw conflict(
      `You have a live token named ${alike.name} already (token names are compared without regard to case): choose another name, or revoke it first`,
    );
}
