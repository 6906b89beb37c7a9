import type { RequestHandler } from 'express';
import { z } from 'zod';
import { ApiError } from '#shared/api-client/index.ts';
import { MESSAGES } from '../api/auth/http.ts';
import { MAX_OTP_ATTEMPTS } from '../api/auth/tokens.ts';
import { UpstreamError } from '../proxy/upstream.ts';
import { sendMessage, sendUpstreamDown, sessionStatus } from './http.ts';
import { markActivity, stateOf, updateAuth } from './session-data.ts';
import type { SessionRouteDeps } from './routes.ts';
import { asUpstreamFailure, upstreamAuth } from './upstream-auth.ts';

export const USERNAME_NOT_AVAILABLE = 'Username is not available.';
export const OTP_FAILED = 'OTP verification failed. Please try again.';
export const OTP_USED_UP = 'Too many wrong codes: this login cannot be completed. Please log in again.';

/**
 * The pending login can no longer succeed (the content API voids a two-factor token after
 * MAX_OTP_ATTEMPTS wrong codes, or it expired): 401 with `loginAgain`, so the screen offers the
 * way back to the login instead of another try.
 */
function sendLogInAgain(res: Parameters<RequestHandler>[1], message: string): void {
  res.status(401).json({ message, loginAgain: true });
}

const bodySchema = z.object({ otp: z.string().trim().min(1).max(64) });

/**
 * POST /argusma-words-panel/session/verify-otp (SPEC §4, §8): the code step. On success the session
 * gets a new id, the access and refresh tokens replace the two-factor token, the QR url is
 * forgotten, and the recovery codes of a first enrolment are returned, this once.
 */
export function verifyOtpRoute(deps: SessionRouteDeps): RequestHandler {
  return async (req, res) => {
    const auth = req.session?.auth;
    if (stateOf(req.session) !== 'two-factor' || !auth?.username || !auth.twoFactorToken) {
      return sendMessage(res, 400, USERNAME_NOT_AVAILABLE);
    }
    const body = bodySchema.safeParse(req.body ?? {});
    if (!body.success) return sendMessage(res, 400, OTP_FAILED);
    if ((auth.otpFailures ?? 0) >= MAX_OTP_ATTEMPTS) return sendLogInAgain(res, OTP_USED_UP);

    let answer;
    try {
      answer = await upstreamAuth(deps.upstream, req).verifyOtp(
        body.data.otp,
        auth.username,
        auth.twoFactorToken,
      );
    } catch (caught) {
      const error = asUpstreamFailure(caught);
      if (error instanceof UpstreamError) return sendUpstreamDown(req, res, error.kind === 'timeout');
      if (!(error instanceof ApiError)) throw error;
      if (error.status !== null && error.status >= 500) return sendUpstreamDown(req, res, false);
      if (error.status === 429 && error.retryAfter !== undefined) {
        res.setHeader('Retry-After', String(error.retryAfter));
      }
      // The server's message when it gave one (SPEC §8), else the catalogue's.
      const message = typeof error.message === 'string' && error.message.trim() ? error.message : OTP_FAILED;
      if (error.status === 429) return sendMessage(res, 429, message);
      // Counted here too, so the screen knows when the token is void (the API says so only on
      // the attempt after the last one).
      const failures = (auth.otpFailures ?? 0) + 1;
      updateAuth(req.session, { otpFailures: failures });
      await deps.session.save(req);
      if (message === MESSAGES.twoFactorExpired) return sendLogInAgain(res, message);
      if (failures >= MAX_OTP_ATTEMPTS) return sendLogInAgain(res, OTP_USED_UP);
      return sendMessage(res, 401, message);
    }

    const accessToken = answer.accessToken ?? answer.token;
    let reach;
    try {
      reach = await upstreamAuth(deps.upstream, req).reach(accessToken);
    } catch (caught) {
      const error = asUpstreamFailure(caught);
      if (error instanceof UpstreamError) return sendUpstreamDown(req, res, error.kind === 'timeout');
      throw error;
    }
    await deps.session.regenerate(req, { keepData: true });
    const now = deps.clock();
    updateAuth(req.session, {
      ...reach,
      accessToken,
      refreshToken: answer.refreshToken,
      twoFactorToken: null,
      twoFaVerified: true,
      qrCodeUrl: null,
    });
    markActivity(req.session, now);
    await deps.session.save(req);
    const status = sessionStatus(req, res, now);
    res.json(answer.recoveryCodes ? { status, recoveryCodes: answer.recoveryCodes } : { status });
  };
}
