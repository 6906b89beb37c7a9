import type { RequestHandler } from 'express';
import { logoutRequestSchema, type RefreshTokenResponse } from '#shared/auth-schemas.ts';
import { isActiveAdmin, type AuthContext } from './context.ts';
import { securityEvent } from '../../observability/security-events.ts';
import { bearerToken, clientIp, MESSAGES, parseBody, sendError } from './http.ts';

/**
 * GET /auth/refresh-token with the refresh token as bearer: a new access token and a rotated
 * refresh token. A rotated token presented again revokes its whole family (see TokenStore.rotate).
 */
export function refreshHandler(ctx: AuthContext): RequestHandler {
  return async (req, res) => {
    const token = bearerToken(req);
    if (!token) return sendError(res, 401, MESSAGES.authenticationRequired);
    const result = await ctx.tokens.rotate(token, async (userId) =>
      isActiveAdmin(await ctx.credentials.byUserId(userId)),
    );
    if (!result.ok) {
      if (result.reason === 'reuse') {
        const account = await ctx.credentials.byUserId(result.userId);
        securityEvent(ctx.logger, 'auth.refresh_reuse', {
          userId: result.userId,
          username: account?.username ?? null,
          ip: clientIp(req),
          action: 'token family revoked',
        });
      }
      return sendError(res, 401, MESSAGES.invalidToken);
    }
    const answer: RefreshTokenResponse = result.tokens;
    res.json(answer);
  };
}

/**
 * POST /auth/logout with the refresh token as bearer or in the body `{refreshToken}`: the session
 * (token family) ends. Logging out twice is fine; an unknown token is 401.
 */
export function logoutHandler(ctx: AuthContext): RequestHandler {
  return async (req, res) => {
    const body = parseBody(logoutRequestSchema, req, res);
    if (!body) return;
    const token = body.refreshToken ?? bearerToken(req);
    if (!token) return sendError(res, 401, MESSAGES.authenticationRequired);
    const row = await ctx.tokens.find(token);
    if (!row) return sendError(res, 401, MESSAGES.invalidToken);
    await ctx.tokens.revokeFamily(row.familyId);
    ctx.logger.info({ userId: row.userId }, 'logged out');
    res.status(204).end();
  };
}
