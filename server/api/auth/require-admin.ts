import type { RequestHandler } from 'express';
import { isActiveAdmin, type AuthContext } from './context.ts';
import { bearerToken, MESSAGES, sendError } from './http.ts';

/**
 * Guards the /cms/ endpoints: a live access token (401 otherwise) of an active admin who completed
 * two-factor (403 otherwise). The account is read on every request, so demoting, deactivating or
 * deleting an admin takes effect at once.
 */
export function requireAdminHandler(ctx: AuthContext): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) return sendError(res, 401, MESSAGES.authenticationRequired);
    const row = await ctx.tokens.findLive(token, 'access');
    if (!row) return sendError(res, 401, MESSAGES.invalidToken);
    const account = await ctx.credentials.byUserId(row.userId);
    if (!isActiveAdmin(account)) return sendError(res, 403, MESSAGES.notAdmin);
    res.locals.actor = { userId: account.userId, username: account.username };
    next();
  };
}
