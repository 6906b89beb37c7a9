import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { AuthTokensTable, Database } from '../../db/schema.ts';

export type TokenKind = AuthTokensTable['kind'];

/** The two-factor token's lifetime (ms): one login's second step. */
export const TWO_FACTOR_LIFETIME_MS = 5 * 60_000;

/**
 * Lifetimes and rotation rules (ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL, REFRESH_REUSE_GRACE). Refresh
 * is absolute: rotation keeps the family's original expiry.
 */
export interface TokenPolicy {
  accessMs: number;
  refreshMs: number;
  /** A rotated refresh token presented again within this time gets the same new pair (0: never). */
  reuseGraceMs: number;
  /**
   * Derives a rotation's new pair from the refresh token it replaces (HMAC), so the same pair can
   * be given again within the grace window without any token stored in plain text. Null: random
   * pairs and no grace.
   */
  rotationKey: Buffer | null;
}

export const DEFAULT_TOKEN_POLICY: TokenPolicy = {
  accessMs: 15 * 60_000,
  refreshMs: 12 * 60 * 60_000,
  reuseGraceMs: 10_000,
  rotationKey: null,
};

export type RotateResult =
  | { ok: true; tokens: SessionTokens; userId: number }
  | { ok: false; reason: 'unknown' | 'expired' | 'not-allowed'; userId?: number }
  | { ok: false; reason: 'reuse'; userId: number };

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
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type TokenStore = ReturnType<typeof createTokenStore>;

export function createTokenStore(
  db: Kysely<Database>,
  clock: () => number,
  policy: TokenPolicy = DEFAULT_TOKEN_POLICY,
) {
  const live = (now: number) => (row: TokenRow | undefined) =>
    row && row.revokedAt === null && row.expiresAt > now ? row : null;

  async function issue(
    kind: TokenKind,
    userId: number,
    familyId: string,
    expiresAt: number,
    token = randomBytes(32).toString('base64url'),
    executor: Kysely<Database> = db,
  ): Promise<string> {
    await executor
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
    pair: SessionTokens | null = null,
    executor: Kysely<Database> = db,
  ): Promise<SessionTokens> {
    const accessExpiresAt = Math.min(clock() + policy.accessMs, familyExpiresAt);
    return {
      accessToken: await issue('access', userId, familyId, accessExpiresAt, pair?.accessToken, executor),
      refreshToken: await issue('refresh', userId, familyId, familyExpiresAt, pair?.refreshToken, executor),
    };
  }

  /** The pair that replaces `refreshToken`: derived when a rotation key is set, else random. */
  function successor(refreshToken: string): SessionTokens | null {
    const key = policy.rotationKey;
    if (!key) return null;
    const derive = (label: string) =>
      createHmac('sha256', key).update(`argus-rotation:${label}:${refreshToken}`).digest('base64url');
    return { accessToken: derive('access'), refreshToken: derive('refresh') };
  }

  /** Within the grace window, the pair a rotated token already produced, if it is still live. */
  async function sameNewPair(row: TokenRow, refreshToken: string): Promise<SessionTokens | null> {
    const pair = successor(refreshToken);
    if (!pair || row.usedAt === null || clock() - row.usedAt > policy.reuseGraceMs) return null;
    if (row.revokedAt !== null) return null;
    const next = await store.find(pair.refreshToken);
    return next && live(clock())(next) ? pair : null;
  }

  // Every API request looks its token up: the query is compiled once.
  const byHash = compiledOnce((tokenHash: string) =>
    db
      .selectFrom('authTokens')
      .select(['id', 'kind', 'userId', 'familyId', 'expiresAt', 'usedAt', 'revokedAt'])
      .where('tokenHash', '=', tokenHash),
  );

  const store = {
    /** The stored row of a presented token, whatever its state. */
    async find(token: string): Promise<TokenRow | undefined> {
      return (await db.executeQuery(byHash(hashToken(token)))).rows[0];
    },

    /** The row of a presented token of that kind that is neither expired nor revoked. */
    async findLive(token: string, kind: TokenKind): Promise<TokenRow | null> {
      const row = await store.find(token);
      return row?.kind === kind ? live(clock())(row) : null;
    },

    /** A short-lived token good only for verify-otp. */
    issueTwoFactor(userId: number): Promise<string> {
      return issue('two-factor', userId, randomUUID(), clock() + TWO_FACTOR_LIFETIME_MS);
    },

    /** A new session (token family) after a successful second factor. */
    issueSession(userId: number): Promise<SessionTokens> {
      return issuePair(userId, randomUUID(), clock() + policy.refreshMs);
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
     * is when `allowed` says the user may no longer hold a session. Exception: within the reuse
     * grace window the same new pair is given again, so two instances (or a retry after a crash)
     * refreshing one session at once do not end it. The new pair is written in the same
     * transaction that marks the old token used: a crash never leaves a family without a live pair.
     */
    async rotate(refreshToken: string, allowed: (userId: number) => Promise<boolean>): Promise<RotateResult> {
      const row = await store.find(refreshToken);
      if (!row || row.kind !== 'refresh') return { ok: false, reason: 'unknown' };
      if (row.usedAt !== null) {
        const again = await sameNewPair(row, refreshToken);
        if (again) return { ok: true, tokens: again, userId: row.userId };
        await store.revokeFamily(row.familyId);
        return { ok: false, reason: 'reuse', userId: row.userId };
      }
      const now = clock();
      if (!live(now)(row)) return { ok: false, reason: 'expired', userId: row.userId };
      if (!(await allowed(row.userId))) {
        await store.revokeFamily(row.familyId);
        return { ok: false, reason: 'not-allowed', userId: row.userId };
      }
      const tokens = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('authTokens')
          .set({ usedAt: now })
          .where('id', '=', row.id)
          .where('usedAt', 'is', null)
          .where('revokedAt', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows !== 1n) return null;
        return issuePair(row.userId, row.familyId, row.expiresAt, successor(refreshToken), trx);
      });
      if (tokens) return { ok: true, tokens, userId: row.userId };
      // Lost a race against another exchange of the same token: the same pair within the grace
      // window, else a replay.
      const latest = await store.find(refreshToken);
      const again = latest ? await sameNewPair(latest, refreshToken) : null;
      if (again) return { ok: true, tokens: again, userId: row.userId };
      await store.revokeFamily(row.familyId);
      return { ok: false, reason: 'reuse', userId: row.userId };
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
