import { json, type Step } from '../http/call.ts';
import { loginRequestSchema, type LoginResponse } from '#shared/auth-schemas.ts';
import type { AuthContext } from './context.ts';
import { authError, MESSAGES, parseBody, tooManyAttempts } from './http.ts';
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
export function loginStep(auth: AuthContext): Step {
  return async (ctx) => {
    const parsed = parseBody(loginRequestSchema, ctx);
    if (!parsed.ok) return parsed.answer;
    const body = parsed.value;
    const ip = ctx.ip;
    const username = body.username.toLowerCase();
    const delay = await accountDelay(auth.limiters, username);
    if (delay !== null) {
      securityEvent(auth.logger, 'auth.login_throttled', { username: body.username, ip, limit: 'account' });
      return tooManyAttempts(delay);
    }
    const keys: LimitedKey[] = [
      [auth.limiters.loginPerIpAndUser, `${ip}|${username}`],
      [auth.limiters.loginPerIp, ip],
    ];
    const wait = await takePoint(keys);
    if (wait !== null) {
      const spraying = (await auth.limiters.loginPerIp.get(ip))?.remainingPoints === 0;
      securityEvent(auth.logger, spraying ? 'auth.spraying_throttled' : 'auth.login_throttled', {
        username: body.username,
        ip,
        limit: spraying ? 'ip' : 'ip-and-account',
      });
      return tooManyAttempts(wait);
    }

    let account: Awaited<ReturnType<typeof auth.credentials.byUsername>>;
    let passwordOk: boolean;
    try {
      account = await auth.credentials.byUsername(body.username);
      // Always one argon2 verification, so response time does not tell whether the user exists.
      passwordOk = account
        ? await verifyPassword(account.passwordHash, body.password)
        : await verifyDummy(body.password);
    } catch (error) {
      if (!(error instanceof PasswordCheckBusy)) throw error;
      await refundPoint(keys);
      return authError(503, error.message, { 'Retry-After': '1' });
    }
    if (!account || !passwordOk || !account.isActive || account.isDeleted) {
      auth.logger.warn({ userId: account?.userId ?? null }, 'login failed');
      await countAccountFailure(auth.limiters, username);
      return authError(401, MESSAGES.badCredentials);
    }
    await refundPoint(keys);
    await clearAccountFailures(auth.limiters, username);

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
      const secret = await auth.totpSecret(account);
      await auth.tokens.purgeExpired();
      answer = {
        twoFaEnabled: true,
        username: account.username,
        accessToken: await auth.tokens.issueTwoFactor(account.userId),
        refreshToken: null,
        qrCodeUrl: account.enrolled ? null : otpauthUri(secret, account.username),
      };
    }
    auth.logger.info({ userId: account.userId, twoFa: answer.twoFaEnabled }, 'login password accepted');
    return json(answer);
  };
}
