import type { RequestHandler } from 'express';
import { verifyOtpRequestSchema, type VerifyOtpResponse } from '#shared/auth-schemas.ts';
import type { Account } from './credentials.ts';
import type { AuthContext } from './context.ts';
import { bearerToken, clientIp, MESSAGES, parseBody, sendError, sendTooMany } from './http.ts';
import { refundPoint, takePoint, type LimitedKey } from './rate-limits.ts';
import {
  generateRecoveryCodes,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  normaliseCode,
} from './recovery-codes.ts';
import { matchingStep } from './totp.ts';
import { securityEvent } from '../../observability/security-events.ts';

/**
 * POST /auth/verify-otp with the two-factor token as bearer. Every attempt is counted before the
 * code is checked (token cap, account and IP limits), so concurrent guesses cannot exceed them.
 */
export function verifyOtpHandler(ctx: AuthContext): RequestHandler {
  return async (req, res) => {
    const body = parseBody(verifyOtpRequestSchema, req, res);
    if (!body) return;
    const token = bearerToken(req);
    if (!token) return sendError(res, 401, MESSAGES.authenticationRequired);
    const row = await ctx.tokens.findLive(token, 'two-factor');
    const account = row ? await ctx.credentials.byUserId(row.userId) : null;
    if (!row || !account || account.role !== 'admin' || !account.isActive || account.isDeleted) {
      return sendError(res, 401, MESSAGES.twoFactorExpired);
    }
    if (account.username !== body.username) return sendError(res, 401, MESSAGES.otpFailed);

    const keys: LimitedKey[] = [
      [ctx.limiters.otpPerAccount, String(account.userId)],
      [ctx.limiters.otpPerIp, clientIp(req)],
    ];
    const who = { userId: account.userId, username: account.username, ip: clientIp(req) };
    const wait = await takePoint(keys);
    if (wait !== null) {
      securityEvent(ctx.logger, 'auth.otp_throttled', who);
      return sendTooMany(res, wait);
    }
    if (!(await ctx.tokens.reserveAttempt(row.id))) {
      securityEvent(ctx.logger, 'auth.otp_cap_reached', { ...who, action: 'two-factor token void' });
      return sendError(res, 401, MESSAGES.twoFactorExpired);
    }

    if (!(await codeAccepted(ctx, account, body.otp))) {
      ctx.logger.warn({ userId: account.userId }, 'two-factor code rejected');
      return sendError(res, 401, MESSAGES.otpFailed);
    }
    // The two-factor token is single-use: of two concurrent successes, only one gets a session.
    if (!(await ctx.tokens.revoke(row.id))) return sendError(res, 401, MESSAGES.twoFactorExpired);
    await refundPoint(keys);

    let recoveryCodes: string[] | undefined;
    if (!account.enrolled) {
      const codes = generateRecoveryCodes();
      if (await ctx.credentials.completeEnrolment(account.userId, codes.map(hashRecoveryCode))) {
        recoveryCodes = codes;
        ctx.logger.info({ userId: account.userId }, 'two-factor enrolment completed');
      }
    }
    const session = await ctx.tokens.issueSession(account.userId);
    ctx.logger.info({ userId: account.userId }, 'admin logged in');
    const answer: VerifyOtpResponse = {
      token: session.accessToken,
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      ...(recoveryCodes ? { recoveryCodes } : {}),
    };
    res.json(answer);
  };
}

/**
 * A 6-digit TOTP of the current or previous step that was not accepted before, or an unused
 * recovery code (enrolled accounts only). Both are consumed atomically in the database.
 */
async function codeAccepted(ctx: AuthContext, account: Account, otp: string): Promise<boolean> {
  const code = normaliseCode(otp);
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(await ctx.totpSecret(account), code, ctx.clock());
    return step !== null && (await ctx.credentials.acceptStep(account.userId, step));
  }
  if (account.enrolled && looksLikeRecoveryCode(code)) {
    return ctx.credentials.consumeRecoveryCode(account.userId, hashRecoveryCode(code));
  }
  return false;
}
