import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database } from '../../db/schema.ts';
import type { Reach } from '#shared/permissions.ts';
import { storedReach } from '../auth/credentials.ts';
import type { Dialect } from '../../db/database.ts';
import { assertTokenNameFree } from './unique-names.ts';

/** Every API token starts so: requireAdmin tells it from a session's access token without a read. */
export const API_TOKEN_PREFIX = 'argus_';

/** A token's last use is written at most this often (each write moves the access counter). */
const TOUCH_EVERY_MS = 60_000;

export interface ApiTokenRow {
  id: number;
  name: string;
  userId: number;
  reach: Reach;
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
  lastUsedIp: string | null;
  revokedAt: number | null;
}

export type ApiTokenStore = ReturnType<typeof createApiTokenStore>;

/**
 * Revokes every token of `userId` not revoked yet, for good (in the caller's transaction when `on`
 * is one): a deactivated account's tokens do not come back with the account. Answers how many.
 */
export async function revokeTokensOf(on: Kysely<Database>, userId: number, now: number): Promise<number> {
  const result = await on
    .updateTable('apiTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const COLUMNS = [
  'id',
  'name',
  'userId',
  'permissions',
  'languages',
  'createdAt',
  'expiresAt',
  'lastUsedAt',
  'lastUsedIp',
  'revokedAt',
] as const;

type StoredRow = {
  id: number;
  name: string;
  userId: number;
  permissions: string;
  languages: string | null;
  createdAt: number | string;
  expiresAt: number | string;
  lastUsedAt: number | string | null;
  lastUsedIp: string | null;
  revokedAt: number | string | null;
};

const time = (value: number | string | null) => (value === null ? null : Number(value));

function toRow(row: StoredRow): ApiTokenRow {
  return {
    id: row.id,
    name: row.name,
    userId: row.userId,
    reach: storedReach(row.permissions, row.languages),
    createdAt: Number(row.createdAt),
    expiresAt: Number(row.expiresAt),
    lastUsedAt: time(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp,
    revokedAt: time(row.revokedAt),
  };
}

/**
 * API tokens: shown once when created, stored only as an HMAC under a key derived from
 * SECRETS_KEY, so a copy of the database alone cannot be turned into working tokens (nor tested
 * against guesses offline).
 */
export function createApiTokenStore(
  db: Kysely<Database>,
  clock: () => number,
  key: Buffer,
  dialect: Dialect,
) {
  const hash = (token: string) => createHmac('sha256', key).update(token).digest('hex');
  const byHash = compiledOnce((tokenHash: string) =>
    db.selectFrom('apiTokens').select(COLUMNS).where('tokenHash', '=', tokenHash),
  );

  return {
    /**
     * A new token for `userId` with `reach`; the token itself is returned once, never stored. 409
     * when the owner has a live token of that name in any case (unique-names.ts).
     */
    async create(input: { name: string; userId: number; reach: Reach; expiresAt: number }) {
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction().execute(async (trx) => {
        await assertTokenNameFree(trx, dialect, input.userId, input.name, clock());
        return trx
          .insertInto('apiTokens')
          .values({
            name: input.name,
            tokenHash: hash(token),
            userId: input.userId,
            permissions: input.reach.permissions,
            languages: input.reach.languages === null ? null : JSON.stringify(input.reach.languages),
            createdAt: clock(),
            expiresAt: input.expiresAt,
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
      });
      return { token, row: toRow(row as StoredRow) };
    },

    /** The token's row while it is neither revoked nor expired, else null. */
    async findLive(token: string): Promise<ApiTokenRow | null> {
      const stored = (await db.executeQuery(byHash(hash(token)))).rows[0] as StoredRow | undefined;
      if (!stored) return null;
      const row = toRow(stored);
      return row.revokedAt === null && row.expiresAt > clock() ? row : null;
    },

    /** Every token, newest first (the Team screen, `tokens list`); one owner's with `userId`. */
    async list(userId?: number): Promise<ApiTokenRow[]> {
      let query = db.selectFrom('apiTokens').select(COLUMNS).orderBy('id', 'desc');
      if (userId !== undefined) query = query.where('userId', '=', userId);
      return (await query.execute()).map((row) => toRow(row as StoredRow));
    },

    async byId(id: number): Promise<ApiTokenRow | null> {
      const row = await db.selectFrom('apiTokens').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row ? toRow(row as StoredRow) : null;
    },

    /** Revokes one token; false when it already was. */
    async revoke(id: number): Promise<boolean> {
      const result = await db
        .updateTable('apiTokens')
        .set({ revokedAt: clock() })
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Revokes every live token of an account (its sessions ended); answers how many. */
    revokeOwner: (userId: number): Promise<number> => revokeTokensOf(db, userId, clock()),

    /** Notes a use (at most once a minute per token: each write is a commit every instance sees). */
    async touch(row: ApiTokenRow, ip: string): Promise<void> {
      const now = clock();
      if (row.lastUsedAt !== null && now - row.lastUsedAt < TOUCH_EVERY_MS) return;
      row.lastUsedAt = now;
      await db
        .updateTable('apiTokens')
        .set({ lastUsedAt: now, lastUsedIp: ip })
        .where('id', '=', row.id)
        .execute();
    },
  };
}
