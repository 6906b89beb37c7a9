import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { secretsKey } from '../../secrets.ts';
import { createCredentialStore, type Account, type CredentialStore } from './credentials.ts';
import { createAuthLimiters, type AuthLimiters } from './rate-limits.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { createSecretBox, type SecretBox } from './secret-box.ts';
import { createTokenStore, type TokenStore } from './tokens.ts';
import { newTotpSecret } from './totp.ts';
import { createApiTokenStore, type ApiTokenStore } from '../team/api-tokens.ts';
import type { Reach } from '#shared/permissions.ts';

/** What every authentication handler works with. */
export interface AuthContext {
  credentials: CredentialStore;
  tokens: TokenStore;
  /** Tokens for scripts and schedulers (issue 33). */
  apiTokens: ApiTokenStore;
  limiters: AuthLimiters;
  logger: Logger;
  clock: () => number;
  /** The account's TOTP secret (base32), creating a pending one on the first admin login. */
  totpSecret(account: Account): Promise<string>;
}

export function createAuthContext(deps: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: () => number;
  rateLimits: RateLimits;
}): AuthContext {
  const { database, logger, clock } = deps;
  const box: SecretBox = createSecretBox(secretsKey(deps.config));
  const credentials = createCredentialStore(database, clock);
  // The user id is bound to the ciphertext, so a secret copied to another row does not decrypt.
  const context = (userId: number) => `totp:${userId}`;

  return {
    credentials,
    tokens: createTokenStore(database.db, clock, {
      ...deps.config.tokens,
      // Its own key, derived from SECRETS_KEY: rotation pairs never share a key with TOTP secrets.
      rotationKey: createHmac('sha256', secretsKey(deps.config)).update('argus-token-rotation').digest(),
    }),
    // Its own key too: a token's stored HMAC is no use without SECRETS_KEY.
    apiTokens: createApiTokenStore(
      database.db,
      clock,
      createHmac('sha256', secretsKey(deps.config)).update('argus-api-tokens').digest(),
      database.dialect,
    ),
    limiters: createAuthLimiters(deps.rateLimits),
    logger,
    clock,
    async totpSecret(account) {
      let sealed = account.totpSecret;
      if (sealed === null) {
        await credentials.setPendingSecret(
          account.userId,
          box.seal(newTotpSecret(), context(account.userId)),
        );
        // Re-read: a concurrent first login may have stored its secret first.
        sealed = (await credentials.byUserId(account.userId))?.totpSecret ?? null;
        if (sealed === null) throw new Error(`No TOTP secret could be stored for user ${account.userId}`);
      }
      return box.open(sealed, context(account.userId));
    },
  };
}

/** Who made a request to a /cms/ endpoint (ctx.actor after requireAdmin). */
export interface Actor {
  userId: number;
  /** What the audit log, change sets and jobs name: the account, or the token and its owner. */
  username: string;
  /** What the account (or token) may reach: permission set and languages. */
  reach: Reach;
  /** Per-account rate limits count under this key: the account's, or the token's own. */
  limitKey: string;
  /** Set when the request came with an API token rather than a session. */
  token?: { id: number; name: string };
}

/** May this account use the content API: an active, non-deleted admin who completed two-factor. */
export function isActiveAdmin(account: Account | null): account is Account {
  return (
    account !== null &&
    account.role === 'admin' &&
    account.isActive &&
    !account.isDeleted &&
    account.enrolled &&
    account.isTwoFa
  );
}
