import { Router, type Request, type RequestHandler } from 'express';
import type { Config } from '../config.ts';
import { requireCsrf } from '../http/csrf.ts';
import type { Logger } from '../logger.ts';
import { openRedis } from '../redis.ts';
import { proxyRouter } from '../proxy/router.ts';
import { apiPrefix } from '../api/index.ts';
import type { InProcessApi } from '../api/http/in-process.ts';
import { createEmbeddedUpstream } from '../proxy/embedded-upstream.ts';
import { createHttpUpstream, DEFAULT_UPSTREAM_TIMEOUTS, type UpstreamTimeouts } from '../proxy/upstream.ts';
import { createPanelSession, type PanelSession } from '../session/middleware.ts';
import { sessionRouter } from '../session/routes.ts';
import { createTokenRefresher } from '../session/token-refresh.ts';
import { upstreamAuth } from '../session/upstream-auth.ts';
import { safeError } from '../session/http.ts';
import { panelGating } from './gating.ts';
import { memoryImportStore } from './imports/import-store.ts';
import { redisImportStore } from './imports/redis-import-store.ts';
import { importsRouter } from './imports/router.ts';
import { panelRequestContext, providePanelDeps } from './loader-context.ts';

import { PANEL_PREFIX } from './gating.ts';

export { PANEL_PREFIX };

export interface Panel {
  /** Mount at PANEL_PREFIX, before the page renderer. */
  router: Router;
  /** The loaders' context; give it to pagesMiddleware. */
  requestContext: typeof panelRequestContext;
  session: PanelSession;
  close(): Promise<void>;
}

// Panel pages and answers are per admin and per moment: no cache may keep them.
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** The panel's server side: session, browser-facing auth endpoints, API proxy and page gating. */
export function createPanel(deps: {
  config: Config;
  clock: () => number;
  logger: Logger;
  upstreamTimeouts?: Partial<UpstreamTimeouts>;
  /** The embedded content API called in process (see app.ts), once it has started. */
  embeddedApi?: () => InProcessApi | null;
}): Panel {
  const { config, clock, logger } = deps;
  const session = createPanelSession({ config, clock, logger });
  // An external content API over HTTP, or the embedded one in process: one interface either way.
  const limits = { ...DEFAULT_UPSTREAM_TIMEOUTS, ...config.upstreamTimeouts, ...deps.upstreamTimeouts };
  const upstream = config.upstreamApiUrl
    ? createHttpUpstream(config.upstreamApiUrl, limits)
    : createEmbeddedUpstream(apiPrefix(config), deps.embeddedApi ?? (() => null), limits.maxResponseBytes);
  const refresher = createTokenRefresher({ session, upstream, logger });
  const forwardDeps = { upstream, session, refresher, clock };

  const revoke = async (req: Request): Promise<void> => {
    const auth = req.session?.auth;
    if (!auth?.accessToken || !auth.refreshToken) return;
    try {
      await upstreamAuth(upstream, req).logout({
        accessToken: auth.accessToken,
        refreshToken: auth.refreshToken,
      });
    } catch (error) {
      logger.warn({ reqId: req.id, err: safeError(error) }, 'upstream logout failed');
    }
  };

  // Several instances share imports through Redis (any of them serves any request of an import).
  const importsRedis = config.redisUrl
    ? openRedis(config.redisUrl, config.redisKeyPrefix, logger, {
        commandTimeoutMs: config.redisCommandTimeoutMs,
      })
    : null;
  const imports = importsRedis ? redisImportStore(importsRedis) : memoryImportStore();

  const router = Router();
  router.use(noStore, requireCsrf(config.public.baseUrl));
  router.use(...session.middleware, providePanelDeps(forwardDeps));
  router.use(
    '/session',
    sessionRouter({ session, upstream, clock, revoke, sessionLifetimeMs: config.tokens.refreshMs }),
  );
  router.use('/api', proxyRouter(forwardDeps));
  router.use('/imports', importsRouter(logger, imports));
  router.use(panelGating(clock));

  return {
    router,
    requestContext: panelRequestContext,
    session,
    close: async () => {
      await upstream.close();
      await session.close();
      await importsRedis?.close();
    },
  };
}
