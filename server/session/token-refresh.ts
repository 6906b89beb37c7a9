import type { Request } from 'express';
import type { SessionData } from 'express-session';
import type { Logger } from '../logger.ts';
import type { Upstream } from '../proxy/upstream.ts';
import type { PanelSession } from './middleware.ts';
import { stateOf, updateAuth, type PanelAuth } from './session-data.ts';
import { upstreamAuth } from './upstream-auth.ts';

export type RefreshOutcome = 'refreshed' | 'ended';

/**
 * How long one instance may hold a session's refresh lease. If a refresh outlives it (or its holder
 * dies), the next holder presents the same refresh token again; the content API answers that with
 * the same new pair during its reuse grace window (REFRESH_REUSE_GRACE, longer than this).
 */
const LEASE_MS = 5_000;
const POLL_MS = 40;
/** Waiting for another instance's refresh longer than this is an error, not a logout. */
const MAX_WAIT_MS = LEASE_MS + 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Refresh-on-401 for the panel's sessions: one refresh per session at a time, across instances.
 * Within an instance, concurrent requests of a session share one promise; across instances, a lease
 * in the shared session store (Redis, or the SQLite file) admits one refresher while the others
 * re-read the stored session until its tokens change. The content API would take a second use of a
 * rotated refresh token as theft and end the session.
 */
export function createTokenRefresher(deps: { session: PanelSession; upstream: Upstream; logger: Logger }) {
  const { session, upstream, logger } = deps;
  const inFlight = new Map<string, Promise<PanelAuth | null>>();

  const stored = (sid: string) =>
    new Promise<SessionData | null>((resolve, reject) =>
      session.store.get(sid, (error, data) => (error ? reject(error) : resolve(data ?? null))),
    );

  /** The stored session's tokens if someone already replaced `stale`; null if it ended; else undefined. */
  async function alreadyDone(sid: string, stale: string): Promise<PanelAuth | null | undefined> {
    const latest = await stored(sid);
    if (!latest) return null;
    if (stateOf(latest) === 'logged-in' && latest.auth.accessToken !== stale) return latest.auth;
    if (!latest.auth.accessToken || !latest.auth.refreshToken) return null;
    return undefined;
  }

  async function refreshWith(req: Request, auth: PanelAuth): Promise<PanelAuth | null> {
    const tokens = await upstreamAuth(upstream, req).refresh({
      accessToken: auth.accessToken!,
      refreshToken: auth.refreshToken!,
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

  async function run(req: Request, stale: string): Promise<PanelAuth | null> {
    const sid = req.sessionID;
    const giveUpAt = Date.now() + MAX_WAIT_MS;
    for (;;) {
      const done = await alreadyDone(sid, stale);
      if (done !== undefined) return done;
      const release = await session.refreshLock.acquire(sid, LEASE_MS);
      if (release) {
        try {
          // Re-read under the lease: the previous holder may have finished just now.
          const again = await alreadyDone(sid, stale);
          if (again !== undefined) return again;
          return await refreshWith(req, (await stored(sid))!.auth);
        } finally {
          await release();
        }
      }
      if (Date.now() > giveUpAt)
        throw new Error('Timed out waiting for another instance to refresh the session');
      await sleep(POLL_MS);
    }
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
