import type { RequestHandler } from 'express';
import { loginRequestSchema, type LoginResponse } from '#shared/auth-schemas.ts';
import type { AuthContext } from './context.ts';
import { clientIp, MESSAGES, parseBody, sendError, sendTooMany } from './http.ts';
import { PasswordCheckBusy, verifyDummy, verifyPassword } from './passwords.ts';
import {
  accountDelay,
  clearAccountFailures,
  countAccountFailure,
  refundPoint,
  takePoint,
  type LimitedKey,
} from './rate-limits.ts';
import { otpauthUri } from './totp.ts';
import { securityEvent } from '../../observability/security-events.ts';

/**
 * POST /auth/login. Admins get a two-factor token (good only for verify-otp) and, until they
 * enrol, the otpauth URI to scan; players get no token. Any failure is the same 401.
 */
export function loginHandler(ctx: AuthContext): RequestHandler {
  return async (req, res) => {
    const body = parseBody(loginRequestSchema, req, res);
    if (!body) return;
    const ip = clientIp(req);
    const username = body.username.toLowerCase();
    const delay = await accountDelay(ctx.limiters, username);
    if (delay !== null) {
      securityEvent(ctx.logger, 'auth.login_throttled', { username: body.username, ip, limit: 'account' });
      return sendTooMany(res, delay);
    }
    const keys: LimitedKey[] = [
      [ctx.limiters.loginPerIpAndUser, `${ip}|${username}`],
      [ctx.limiters.loginPerIp, ip],
    ];
    const wait = await takePoint(keys);
    if (wait !== null) {
      const spraying = (await ctx.limiters.loginPerIp.get(ip))?.remainingPoints === 0;
      securityEvent(ctx.logger, spraying ? 'auth.spraying_throttled' : 'auth.login_throttled', {
        username: body.username,
        ip,
        limit: spraying ? 'ip' : 'ip-and-account',
      });
      return sendTooMany(res, wait);
    }

    let account: Awaited<ReturnType<typeof ctx.credentials.byUsername>>;
    let passwordOk: boolean;
    try {
      account = await ctx.credentials.byUsername(body.username);
      // Always one argon2 verification, so response time does not tell whether the user exists.
      passwordOk = account
        ? await verifyPassword(account.passwordHash, body.password)
        : await verifyDummy(body.password);
    } catch (error) {
      if (!(error instanceof PasswordCheckBusy)) throw error;
      await refundPoint(keys);
      res.setHeader('Retry-After', '1');
      return sendError(res, 503, error.message);
    }
    if (!account || !passwordOk || !account.isActive || account.isDeleted) {
      ctx.logger.warn({ userId: account?.userId ?? null }, 'login failed');
      await countAccountFailure(ctx.limiters, username);
      return sendError(res, 401, MESSAGES.badCredentials);
    }
    await refundPoint(keys);
    await clearAccountFailures(ctx.limiters, username);

    let answer: LoginResponse;
    if (account.role !== 'admin') {
      answer = {
        twoFaEnabled: false,
        username: account.username,
        accessToken: null,
        refreshToken: null,
        qrCodeUrl: null,
      };
    } else {
      const secret = await ctx.totpSecret(account);
      await ctx.tokens.purgeExpired();
      answer = {
        twoFaEnabled: true,
        username: account.username,
        accessToken: await ctx.tokens.issueTwoFactor(account.userId),
        refreshToken: null,
        qrCodeUrl: account.enrolled ? null : otpauthUri(secret, account.username),
      };
    }
    ctx.logger.info({ userId: account.userId, twoFa: answer.twoFaEnabled }, 'login password accepted');
    res.json(answer);
  };
}
