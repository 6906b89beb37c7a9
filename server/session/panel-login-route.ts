import type { RequestHandler } from 'express';
import { ApiError } from '#shared/api-client/index.ts';
import { loginRequestSchema } from '#shared/auth-schemas.ts';
import { UpstreamError } from '../proxy/upstream.ts';
import { sendMessage, sendUpstreamDown, sessionStatus } from './http.ts';
import { emptyAuth, markActivity, stateOf, updateAuth } from './session-data.ts';
import type { SessionRouteDeps } from './routes.ts';
import { upstreamAuth } from './upstream-auth.ts';

export const LOGIN_FAILED = 'User or password not correct';
export const NOT_AUTHORIZED = 'Not authorized';

/**
 * POST /argusma-words-panel/session/login (SPEC §4): the password step against the content API.
 * Admins with two-factor get a new session id holding the two-factor token and the QR url;
 * accounts without two-factor get 'Not authorized' and stay logged out; any other failure is
 * 'User or password not correct' (rate limits keep their own message and Retry-After).
 */
export function loginRoute(deps: SessionRouteDeps): RequestHandler {
  return async (req, res) => {
    const body = loginRequestSchema.safeParse(req.body ?? {});
    if (!body.success) return sendMessage(res, 401, LOGIN_FAILED);
    const auth = upstreamAuth(deps.upstream, req);

    let answer;
    try {
      answer = await auth.login(body.data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(error.retryAfter));
        return sendMessage(res, 429, error.message);
      }
      const unreachable =
        error instanceof UpstreamError || (error instanceof ApiError && error.status === null);
      const status = error instanceof ApiError ? error.status : null;
      if (unreachable || (status !== null && status >= 500)) {
        // Not 'User or password not correct': the admin would doubt a password that is right.
        req.log?.error({ status }, 'panel login: content API unavailable');
        const timeout = error instanceof UpstreamError && error.kind === 'timeout';
        return sendUpstreamDown(req, res, timeout);
      }
      return sendMessage(res, 401, LOGIN_FAILED);
    }
    if (!answer.twoFaEnabled || !answer.accessToken) return sendMessage(res, 403, NOT_AUTHORIZED);

    // A login over a live session replaces it: its upstream session is revoked first.
    if (stateOf(req.session) === 'logged-in') await deps.revoke(req);
    await deps.session.regenerate(req, { keepData: false });
    const now = deps.clock();
    updateAuth(req.session, {
      ...emptyAuth(),
      username: answer.username,
      twoFactorToken: answer.accessToken,
      twoFaEnabled: true,
      twoFaVerified: false,
      qrCodeUrl: answer.qrCodeUrl,
    });
    req.session.createdAt = now;
    req.session.absoluteLifetimeMs = deps.sessionLifetimeMs;
    markActivity(req.session, now);
    await deps.session.save(req);
    res.json(sessionStatus(req, res, now));
  };
}
