import type { Request } from 'express';
import type { SessionData } from 'express-session';
import type { Logger } from '../logger.ts';
import type { Upstream } from '../proxy/upstream.ts';
import type { PanelSession } from './middleware.ts';
import { stateOf, updateAuth, type PanelAuth } from './session-data.ts';
import { upstreamAuth } from './upstream-auth.ts';

export type RefreshOutcome = 'refreshed' | 'ended';

/**
 * Refresh-on-401 for the panel's sessions: one refresh per session at a time. Concurrent requests
 * of the same session wait for the refresh in flight and take its tokens; the content API would
 * treat a second use of the rotated refresh token as theft and end the session. Before refreshing,
 * the stored session is re-read: another request (or another instance sharing Redis) may already
 * have refreshed it.
 */
export function createTokenRefresher(deps: { session: PanelSession; upstream: Upstream; logger: Logger }) {
  const { session, upstream, logger } = deps;
  const inFlight = new Map<string, Promise<PanelAuth | null>>();

  const stored = (sid: string) =>
    new Promise<SessionData | null>((resolve, reject) =>
      session.store.get(sid, (error, data) => (error ? reject(error) : resolve(data ?? null))),
    );

  async function run(req: Request, staleAccessToken: string): Promise<PanelAuth | null> {
    const latest = await stored(req.sessionID);
    if (!latest) return null;
    if (stateOf(latest) === 'logged-in' && latest.auth.accessToken !== staleAccessToken) return latest.auth;
    const auth = latest.auth;
    if (!auth.accessToken || !auth.refreshToken) return null;

    const tokens = await upstreamAuth(upstream, req).refresh({
      accessToken: auth.accessToken,
      refreshToken: auth.refreshToken,
    });
    if (!tokens) {
      logger.info({ reqId: req.id }, 'panel token refresh refused; session ends');
      return null;
    }
    req.session.auth = auth;
    updateAuth(req.session, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    await session.save(req);
    logger.info({ reqId: req.id }, 'panel tokens refreshed');
    return req.session.auth;
  }

  return {
    /**
     * After a 401 for `staleAccessToken`: fresh tokens are put in `req.session` ('refreshed'), or
     * the refresh was refused ('ended', the caller ends the session). Network failures throw.
     */
    async refresh(req: Request, staleAccessToken: string): Promise<RefreshOutcome> {
      const sid = req.sessionID;
      let pending = inFlight.get(sid);
      if (!pending) {
        pending = run(req, staleAccessToken).finally(() => inFlight.delete(sid));
        inFlight.set(sid, pending);
      }
      const auth = await pending;
      if (!auth) return 'ended';
      req.session.auth = { ...auth };
      return 'refreshed';
    },
  };
}

export type TokenRefresher = ReturnType<typeof createTokenRefresher>;
