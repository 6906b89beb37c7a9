import express, { type RequestHandler, type Router } from 'express';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { createAuthContext } from './context.ts';
import { bodyParserErrors } from './http.ts';
import { loginHandler } from './login-route.ts';
import { primeDummyHash } from './passwords.ts';
import { adminLookups } from './admin-lookups.ts';
import { requireAdminHandler } from './require-admin.ts';
import { logoutHandler, refreshHandler } from './session-routes.ts';
import { verifyOtpHandler } from './verify-otp-route.ts';

export { ensureAdmin } from './bootstrap.ts';

export type { Actor } from './context.ts';

export interface AuthService {
  /** Mounted at `/auth`: POST login, POST verify-otp, GET refresh-token, POST logout. */
  router: Router;
  /** 401 without a live access token, 403 unless an active admin who completed 2FA; sets res.locals.actor. */
  requireAdmin: RequestHandler;
  close(): Promise<void>;
}

/** The authentication of the embedded content API (issue 3, SPEC §4, §7, §8). */
export async function createAuth(deps: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: () => number;
}): Promise<AuthService> {
  const ctx = createAuthContext(deps);
  await primeDummyHash();

  const router = express.Router();
  router.use(express.json({ limit: '16kb' }));
  router.post('/login', loginHandler(ctx));
  router.post('/verify-otp', verifyOtpHandler(ctx));
  router.get('/refresh-token', refreshHandler(ctx));
  router.post('/logout', logoutHandler(ctx));
  router.use(bodyParserErrors);

  const lookup = adminLookups(ctx, deps.database.accessVersion);
  return {
    router,
    requireAdmin: requireAdminHandler(lookup),
    close: () => ctx.limiters.close(),
  };
}
