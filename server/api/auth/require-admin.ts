import type { RequestHandler } from 'express';
import { adminLookups } from './admin-lookups.ts';
import { isActiveAdmin, type AuthContext } from './context.ts';
import { bearerToken, MESSAGES, sendError } from './http.ts';

/**
 * Guards the /cms/ endpoints: a live access token (401 otherwise) of an active admin who completed
 * two-factor (403 otherwise). Demoting, deactivating or deleting an admin takes effect at once: the
 * account is read again after any commit (admin-lookups.ts).
 */
export function requireAdminHandler(ctx: AuthContext, accessVersion: () => string): RequestHandler {
  const lookup = adminLookups(ctx, accessVersion);
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) return sendError(res, 401, MESSAGES.authenticationRequired);
    const { token: row, account } = await lookup(token);
    if (!row) return sendError(res, 401, MESSAGES.invalidToken);
    if (!isActiveAdmin(account)) return sendError(res, 403, MESSAGES.notAdmin);
    res.locals.actor = { userId: account.userId, username: account.username };
    next();
  };
}
