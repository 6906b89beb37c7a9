import { json, type Step } from '../http/call.ts';
import { verifyOtpRequestSchema, type VerifyOtpResponse } from '#shared/auth-schemas.ts';
import type { Account } from './credentials.ts';
import type { AuthContext } from './context.ts';
import { authError, bearerToken, MESSAGES, parseBody, tooManyAttempts } from './http.ts';
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
export function verifyOtpStep(auth: AuthContext): Step {
  return async (ctx) => {
    const parsed = parseBody(verifyOtpRequestSchema, ctx);
    if (!parsed.ok) return parsed.answer;
    const body = parsed.value;
    const token = bearerToken(ctx);
    if (!token) return authError(401, MESSAGES.authenticationRequired);
    const row = await auth.tokens.findLive(token, 'two-factor');
    const account = row ? await auth.credentials.byUserId(row.userId) : null;
    if (!row || !account || account.role !== 'admin' || !account.isActive || account.isDeleted) {
      return authError(401, MESSAGES.twoFactorExpired);
    }
    if (account.username !== body.username) return authError(401, MESSAGES.otpFailed);

    const keys: LimitedKey[] = [
      [auth.limiters.otpPerAccount, String(account.userId)],
      [auth.limiters.otpPerIp, ctx.ip],
    ];
    const who = { userId: account.userId, username: account.username, ip: ctx.ip };
    const wait = await takePoint(keys);
    if (wait !== null) {
      securityEvent(auth.logger, 'auth.otp_throttled', who);
      return tooManyAttempts(wait);
    }
    if (!(await auth.tokens.reserveAttempt(row.id))) {
      securityEvent(auth.logger, 'auth.otp_cap_reached', { ...who, action: 'two-factor token void' });
      return authError(401, MESSAGES.twoFactorExpired);
    }

    if (!(await codeAccepted(auth, account, body.otp))) {
      auth.logger.warn({ userId: account.userId }, 'two-factor code rejected');
      return authError(401, MESSAGES.otpFailed);
    }
    // The two-factor token is single-use: of two concurrent successes, only one gets a session.
    if (!(await auth.tokens.revoke(row.id))) return authError(401, MESSAGES.twoFactorExpired);
    await refundPoint(keys);

    let recoveryCodes: string[] | undefined;
    if (!account.enrolled) {
      const codes = generateRecoveryCodes();
      if (await auth.credentials.completeEnrolment(account.userId, codes.map(hashRecoveryCode))) {
        recoveryCodes = codes;
        auth.logger.info({ userId: account.userId }, 'two-factor enrolment completed');
      }
    }
    const session = await auth.tokens.issueSession(account.userId);
    await auth.credentials.noteLogin(account.userId, ctx.ip);
    auth.logger.info({ userId: account.userId }, 'admin logged in');
    const answer: VerifyOtpResponse = {
      token: session.accessToken,
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      ...(recoveryCodes ? { recoveryCodes } : {}),
    };
    return json(answer);
  };
}

/**
 * A 6-digit TOTP of the current or previous step that was not accepted before, or an unused
 * recovery code (enrolled accounts only). Both are consumed atomically in the database.
 */
async function codeAccepted(auth: AuthContext, account: Account, otp: string): Promise<boolean> {
  const code = normaliseCode(otp);
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(await auth.totpSecret(account), code, auth.clock());
    return step !== null && (await auth.credentials.acceptStep(account.userId, step));
  }
  if (account.enrolled && looksLikeRecoveryCode(code)) {
    return auth.credentials.consumeRecoveryCode(account.userId, hashRecoveryCode(code));
  }
  return false;
}
