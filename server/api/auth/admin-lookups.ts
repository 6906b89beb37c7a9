import type { Account } from './credentials.ts';
import type { AuthContext } from './context.ts';
import { untilCommit } from '../../db/until-commit.ts';
import { hashToken, type TokenRow } from './tokens.ts';

/** Tokens remembered at most (the oldest goes first); all are forgotten at the next commit. */
const MAX_REMEMBERED = 1000;

interface Remembered {
  token: TokenRow;
  account: Account | null;
}

export interface AdminLookup {
  /** The access token's row while it is live (not revoked, not expired now), else null. */
  token: TokenRow | null;
  /** Its account, as stored. */
  account: Account | null;
}

/**
 * requireAdmin's two reads (the access token, then its account), remembered for a live token until
 * anything that may end an admin's access may have committed. Each API request otherwise runs both:
 * main-thread work on SQLite comparable to a small list's own read, and two of a list request's
 * three statements on PostgreSQL. Everything that ends an admin's access is a commit (a logout or
 * revocation, a two-factor reset, a demotion, a deactivation, a deletion, by the API or by an
 * operator's SQL), which moves `accessVersion` (SQLite's change counter; on PostgreSQL,
 * server/db/access-changes.ts): this server's own from its next request, another client's as
 * PostgreSQL delivers its notice. Expiry is checked against the clock every time. Keyed by the
 * token's hash, as stored: no token is held in memory.
 */
export function adminLookups(ctx: AuthContext, accessVersion: () => string) {
  const remembered = untilCommit<Remembered>(accessVersion, MAX_REMEMBERED);

  const read = async (token: string) => {
    const row = await ctx.tokens.findLive(token, 'access');
    return { token: row, account: row ? await ctx.credentials.byUserId(row.userId) : null };
  };

  /** What is remembered of a token now, without reading the database; undefined when nothing is. */
  const recall = (token: string): { key: string; at: string; found?: AdminLookup } => {
    const at = remembered.now();
    const key = hashToken(token);
    const known = remembered.get(key);
    if (!known) return { key, at };
    const live = known.token.expiresAt > ctx.clock();
    return { key, at, found: live ? known : { token: null, account: known.account } };
  };

  const lookup = async (token: string): Promise<AdminLookup> => {
    const { key, at, found } = recall(token);
    if (found) return found;
    const stored = await read(token);
    if (stored.token) remembered.keep(key, { token: stored.token, account: stored.account }, at);
    return stored;
  };
  return lookup;
}

export type AdminLookups = ReturnType<typeof adminLookups>;
