import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthTokensTable, Database } from '../../db/schema.ts';

export type TokenKind = AuthTokensTable['kind'];

/** Lifetimes in ms. Refresh is absolute: rotation keeps the family's original expiry. */
export const TOKEN_LIFETIME: Record<TokenKind, number> = {
  'two-factor': 5 * 60_000,
  access: 15 * 60_000,
  refresh: 12 * 60 * 60_000,
};

/** Verification attempts one two-factor token allows; then it is void. */
export const MAX_OTP_ATTEMPTS = 5;

export interface TokenRow {
  id: number;
  kind: TokenKind;
  userId: number;
  familyId: string;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Tokens are opaque 256-bit random strings; only their sha256 is stored. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type TokenStore = ReturnType<typeof createTokenStore>;

export function createTokenStore(db: Kysely<Database>, clock: () => number) {
  const live = (now: number) => (row: TokenRow | undefined) =>
    row && row.revokedAt === null && row.expiresAt > now ? row : null;

  async function issue(
    kind: TokenKind,
    userId: number,
    familyId: string,
    expiresAt: number,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('authTokens')
      .values({ tokenHash: hashToken(token), kind, userId, familyId, createdAt: clock(), expiresAt })
      .execute();
    return token;
  }

  /** Access and refresh token of one family, the refresh one expiring at `familyExpiresAt`. */
  async function issuePair(
    userId: number,
    familyId: string,
    familyExpiresAt: number,
  ): Promise<SessionTokens> {
    const accessExpiresAt = Math.min(clock() + TOKEN_LIFETIME.access, familyExpiresAt);
    return {
      accessToken: await issue('access', userId, familyId, accessExpiresAt),
      refreshToken: await issue('refresh', userId, familyId, familyExpiresAt),
    };
  }

  const store = {
    /** The stored row of a presented token, whatever its state. */
    async find(token: string): Promise<TokenRow | undefined> {
      return db
        .selectFrom('authTokens')
        .select(['id', 'kind', 'userId', 'familyId', 'expiresAt', 'usedAt', 'revokedAt'])
        .where('tokenHash', '=', hashToken(token))
        .executeTakeFirst();
    },

    /** The row of a presented token of that kind that is neither expired nor revoked. */
    async findLive(token: string, kind: TokenKind): Promise<TokenRow | null> {
      const row = await store.find(token);
      return row?.kind === kind ? live(clock())(row) : null;
    },

    /** A short-lived token good only for verify-otp. */
    issueTwoFactor(userId: number): Promise<string> {
      return issue('two-factor', userId, randomUUID(), clock() + TOKEN_LIFETIME['two-factor']);
    },

    /** A new session (token family) after a successful second factor. */
    issueSession(userId: number): Promise<SessionTokens> {
      return issuePair(userId, randomUUID(), clock() + TOKEN_LIFETIME.refresh);
    },

    /** Counts one verification attempt; false once the cap is reached (atomic). */
    async reserveAttempt(id: number): Promise<boolean> {
      const result = await db
        .updateTable('authTokens')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', MAX_OTP_ATTEMPTS)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', clock())
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Revokes one token; false when it already was (atomic: only one caller wins). */
    async revoke(id: number): Promise<boolean> {
      const result = await db
        .updateTable('authTokens')
        .set({ revokedAt: clock() })
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Exchanges a live refresh token for a new pair in the same family. A refresh token that was
     * already exchanged is being replayed (stolen, or a copy): the whole family is revoked, as it
     * is when `allowed` says the user may no longer hold a session.
     */
    async rotate(
      refreshToken: string,
      allowed: (userId: number) => Promise<boolean>,
    ): Promise<SessionTokens | null> {
      const row = await store.find(refreshToken);
      if (!row || row.kind !== 'refresh') return null;
      if (row.usedAt !== null) {
        await store.revokeFamily(row.familyId);
        return null;
      }
      const now = clock();
      if (!live(now)(row)) return null;
      if (!(await allowed(row.userId))) {
        await store.revokeFamily(row.familyId);
        return null;
      }
      const result = await db
        .updateTable('authTokens')
        .set({ usedAt: now })
        .where('id', '=', row.id)
        .where('usedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) {
        // Lost a race against another exchange of the same token: that is a replay too.
        await store.revokeFamily(row.familyId);
        return null;
      }
      return issuePair(row.userId, row.familyId, row.expiresAt);
    },

    async revokeFamily(familyId: string): Promise<void> {
      await db
        .updateTable('authTokens')
        .set({ revokedAt: clock() })
        .where('familyId', '=', familyId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    /** Ends every session of a user (password or two-factor reset). */
    async revokeUser(userId: number): Promise<void> {
      await db
        .updateTable('authTokens')
        .set({ revokedAt: clock() })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    /** Forgets tokens past their expiry; rotated refresh tokens stay until their family expires. */
    async purgeExpired(): Promise<void> {
      await db.deleteFrom('authTokens').where('expiresAt', '<=', clock()).execute();
    },
  };
  return store;
}
