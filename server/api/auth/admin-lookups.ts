import type { Account } from './credentials.ts';
import type { AuthContext } from './context.ts';
import { untilCommit } from '../../db/until-commit.ts';
import { hashToken } from './tokens.ts';
import { API_TOKEN_PREFIX, type ApiTokenRow } from '../team/api-tokens.ts';

/** Tokens remembered at most (the oldest goes first); all are forgotten at the next commit. */
const MAX_REMEMBERED = 1000;

export interface AdminLookup {
  /** The presented token while it is live (not revoked, not expired now), else null. */
  token: { expiresAt: number } | null;
  /** Its account, as stored. */
  account: Account | null;
  /** When the token is an API token (issue 33): its row, with its own reach. */
  apiToken?: ApiTokenRow;
}

/**
 * requireAdmin's two reads (the access or API token, then its account), remembered for a live token
 * until anything that may end an admin's access may have committed. Each API request otherwise runs
 * both: main-thread work on SQLite comparable to a small list's own read, and two of a list
 * request's three statements on PostgreSQL. Everything that ends an admin's access is a commit (a
 * logout or revocation, a two-factor reset, a demotion, a deactivation, a deletion, a token revoked,
 * by the API or by an operator's SQL), which moves `accessVersion` (SQLite's change counter; on
 * PostgreSQL, server/db/access-changes.ts): this server's own from its next request, another
 * client's as PostgreSQL delivers its notice. Expiry is checked against the clock every time.
 * Keyed by the token's hash: no token is held in memory.
 */
export function adminLookups(ctx: AuthContext, accessVersion: () => string) {
  const remembered = untilCommit<AdminLookup>(accessVersion, MAX_REMEMBERED);

  const read = async (token: string): Promise<AdminLookup> => {
    if (token.startsWith(API_TOKEN_PREFIX)) {
      const apiToken = await ctx.apiTokens.findLive(token);
      if (!apiToken) return { token: null, account: null };
      return { token: apiToken, account: await ctx.credentials.byUserId(apiToken.userId), apiToken };
    }
    const row = await ctx.tokens.findLive(token, 'access');
    return { token: row, account: row ? await ctx.credentials.byUserId(row.userId) : null };
  };

  /** What is remembered of a token now, without reading the database; undefined when nothing is. */
  const recall = (token: string): { key: string; at: string; found?: AdminLookup } => {
    const at = remembered.now();
    const key = hashToken(token);
    const known = remembered.get(key);
    if (!known?.token) return { key, at };
    const live = known.token.expiresAt > ctx.clock();
    return { key, at, found: live ? known : { token: null, account: known.account } };
  };

  const lookup = async (token: string): Promise<AdminLookup> => {
    const { key, at, found } = recall(token);
    if (found) return found;
    const stored = await read(token);
    if (stored.token) remembered.keep(key, stored, at);
    return stored;
  };
  /** What is remembered of a live token, without a read (the game lane's synchronous answers). */
  const kept = (token: string): AdminLookup | undefined => {
    const found = recall(token).found;
    return found?.token ? found : undefined;
  };
  return Object.assign(lookup, { kept });
}

export type AdminLookups = ReturnType<typeof adminLookups>;
