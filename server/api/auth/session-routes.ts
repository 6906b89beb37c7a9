import { json, noContent, type Step } from '../http/call.ts';
import { logoutRequestSchema, type RefreshTokenResponse } from '#shared/auth-schemas.ts';
import { isActiveAdmin, type AuthContext } from './context.ts';
import { securityEvent } from '../../observability/security-events.ts';
import { authError, bearerToken, MESSAGES, parseBody } from './http.ts';

/**
 * GET /auth/refresh-token with the refresh token as bearer: a new access token and a rotated
 * refresh token. A rotated token presented again revokes its whole family (see TokenStore.rotate).
 */
export function refreshStep(auth: AuthContext): Step {
  return async (ctx) => {
    const token = bearerToken(ctx);
    if (!token) return authError(401, MESSAGES.authenticationRequired);
    const result = await auth.tokens.rotate(token, async (userId) =>
      isActiveAdmin(await auth.credentials.byUserId(userId)),
    );
    if (!result.ok) {
      if (result.reason === 'reuse') {
        const account = await auth.credentials.byUserId(result.userId);
        securityEvent(auth.logger, 'auth.refresh_reuse', {
          userId: result.userId,
          username: account?.username ?? null,
          ip: ctx.ip,
          action: 'token family revoked',
        });
      }
      return authError(401, MESSAGES.invalidToken);
    }
    const answer: RefreshTokenResponse = result.tokens;
    return json(answer);
  };
}

/**
 * POST /auth/logout with the refresh token as bearer or in the body `{refreshToken}`: the session
 * (token family) ends. Logging out twice is fine; an unknown token is 401.
 */
export function logoutStep(auth: AuthContext): Step {
  return async (ctx) => {
    const parsed = parseBody(logoutRequestSchema, ctx);
    if (!parsed.ok) return parsed.answer;
    const body = parsed.value;
    const token = body.refreshToken ?? bearerToken(ctx);
    if (!token) return authError(401, MESSAGES.authenticationRequired);
    const row = await auth.tokens.find(token);
    if (!row) return authError(401, MESSAGES.invalidToken);
    await auth.tokens.revokeFamily(row.familyId);
    auth.logger.info({ userId: row.userId }, 'logged out');
    return noContent();
  };
}
