import type { RequestHandler } from 'express';
import * as z from 'zod';
import { ApiError } from '#shared/api-client/index.ts';
import { UpstreamError } from '../proxy/upstream.ts';
import { sendMessage, sendUpstreamDown } from './http.ts';
import type { SessionRouteDeps } from './routes.ts';
import { asUpstreamFailure, upstreamAuth } from './upstream-auth.ts';

const bodySchema = z.object({ token: z.string().min(1).max(200), password: z.string().max(1024) });

/**
 * `POST /argusma-words-panel/session/enrol` `{token, password}`: the page an invitation's link
 * opens sets the account's first password through the content API (issue 33). No session is made:
 * the person logs in next, and the first login sets up two-factor. Answers `{username}` or the
 * API's message (a weak password, a link used or expired).
 */
export function enrolRoute(deps: Pick<SessionRouteDeps, 'upstream'>): RequestHandler {
  return async (req, res) => {
    const body = bodySchema.safeParse(req.body ?? {});
    if (!body.success)
      return sendMessage(res, 400, 'The enrolment link is incomplete: open it again from the invitation.');
    try {
      res.json(await upstreamAuth(deps.upstream, req).enrol(body.data.token, body.data.password));
    } catch (caught) {
      const error = asUpstreamFailure(caught);
      if (error instanceof UpstreamError) return sendUpstreamDown(req, res, error.kind === 'timeout');
      if (error instanceof ApiError && error.status !== null && error.status < 500)
        return sendMessage(res, 400, error.message);
      throw error;
    }
  };
}
