import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { createAuthContext, type AuthContext } from './context.ts';
import type { Step } from '../http/call.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { login, logout, refreshToken, verifyOtp } from './declarations.ts';
import { loginStep } from './login-step.ts';
import { primeDummyHash } from './passwords.ts';
import { adminLookups, type AdminLookup } from './admin-lookups.ts';
import { admittedActor, requireAdminStep } from './require-admin.ts';
import { logoutStep, refreshStep } from './session-routes.ts';
import { verifyOtpStep } from './verify-otp-step.ts';

export { ensureAdmin } from './bootstrap.ts';

import type { Actor } from './context.ts';

export type { Actor } from './context.ts';

export interface AuthService {
  /** POST `/auth/login`, POST `/auth/verify-otp`, GET `/auth/refresh-token`, POST `/auth/logout`. */
  operations: ApiOperation[];
  /** 401 without a live access token, 403 unless an active admin who completed 2FA; sets ctx.actor. */
  requireAdmin: Step;
  /** requireAdmin, a game token (issue 45) admitted too: only the game's release reads use it. */
  requireReleaseReader: Step;
  /**
   * requireReleaseReader's answer without awaiting anything, when its token is remembered and
   * admitted (the game lane's synchronous path); undefined otherwise (then run the step).
   */
  keptReleaseReader(token: string, ip: () => string): Actor | undefined;
  /** The stores and limiters behind them (the Team's routes use the same). */
  context: AuthContext;
}

/** The authentication of the embedded content API (issue 3, SPEC §4, §7, §8). */
export async function createAuth(deps: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: () => number;
  rateLimits: RateLimits;
  /** The counter the game's reads keep what they read under (perTurn: see until-commit.ts). */
  releaseReadsVersion?: () => string;
}): Promise<AuthService> {
  const ctx = createAuthContext(deps);
  await primeDummyHash();

  const operations = [
    implement(login, loginStep(ctx)),
    implement(verifyOtp, verifyOtpStep(ctx)),
    implement(refreshToken, refreshStep(ctx)),
    implement(logout, logoutStep(ctx)),
  ];

  const lookup = adminLookups(ctx, deps.database.accessVersion);
  const readers = deps.releaseReadsVersion ? adminLookups(ctx, deps.releaseReadsVersion) : lookup;
  const touch = (found: AdminLookup, ip: string) => {
    if (!found.apiToken) return;
    ctx.apiTokens.touch(found.apiToken, ip).catch((error: unknown) => {
      deps.logger.warn({ err: error, tokenId: found.apiToken!.id }, "could not note an API token's use");
    });
  };
  return {
    operations,
    context: ctx,
    requireAdmin: requireAdminStep(lookup, touch),
    // Its own remembered tokens, under the game reads' counter: read-only requests by the thousand.
    requireReleaseReader: requireAdminStep(readers, touch, { allowGame: true }),
    keptReleaseReader(token, ip) {
      const found = readers.kept(token);
      if (!found) return undefined;
      const admitted = admittedActor(found, true);
      if (!('actor' in admitted)) return undefined;
      touch(found, ip());
      return admitted.actor;
    },
  };
}
