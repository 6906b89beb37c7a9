import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import proxyAddr from 'proxy-addr';
import express, { type Express } from 'express';
import type { Store } from 'express-session';
import type { RouteObject } from 'react-router';
import { routes as appRoutes } from '#client/routes.tsx';
import { apiPrefix, createContentApi } from './api/index.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseOptions } from './db/database.ts';
import { createPanel, PANEL_PREFIX } from './panel/index.ts';
import { embeddedApiApp } from './proxy/embedded-api.ts';
import { internalClientIp } from './proxy/internal-client-ip.ts';
import type { UpstreamTimeouts } from './proxy/upstream.ts';
import type { AppHandler } from './proxy/in-process.ts';
import { errorHandler } from './http/errors.ts';
import { apiErrorHandler } from './api/http/errors.ts';
import { withSearchLane, type SearchReads } from './api/http/search-lane.ts';
import { nextNonce, securityHeaders, withSecurityHeaders } from './http/security.ts';
import { capturedHeaders } from './http/header-template.ts';
import { seoRoutes } from './http/seo.ts';
import { rejectMalformedPaths } from './http/url-encoding.ts';
import { staticAssets } from './http/static-assets.ts';
import { claimedPaths, withFastLane } from './http/fast-lane.ts';
import { createLogger, requestLogger, type Logger } from './logger.ts';
import { healthRoutes, type ReadinessCheck } from './observability/health.ts';
import {
  metricsEndpoint,
  poolMetrics,
  renderThreadMetrics,
  requestMetrics,
  startProcessMetrics,
} from './observability/metrics.ts';
import { manifestSource } from './ssr/assets.ts';
import { pagesMiddleware } from './ssr/middleware.ts';
import { createPageRenderer } from './ssr/render.tsx';
import { createRenderThreads } from './ssr/render-thread.ts';

export interface AppDeps {
  logger?: Logger;
  /** The route table to render; tests may extend the real one. */
  routes?: RouteObject[];
  /** Database settings beyond the config (tests give each suite its own PostgreSQL schema). */
  database?: Partial<DatabaseOptions>;
  /** Current time in ms; tests inject a controllable clock (TOTP windows, token expiry, idle timeout). */
  clock?: () => number;
  /** The panel proxy's limits towards the content API (tests shorten them). */
  upstreamTimeouts?: Partial<UpstreamTimeouts>;
}

export interface AppHandle {
  app: Express;
  /** What the public listener serves: `app`, with cached public pages answered before its router. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  logger: Logger;
  /** The panel's session store (tests read a session's credentials from it to prove they never leak). */
  sessionStore: Store;
  /** Releases what the app holds (database, session store, upstream pool). */
  close(): Promise<void>;
}

/**
 * compression(), for requests that accept an encoding: it wraps every response's write, end and
 * headers to decide at the first byte, which costs a sub-millisecond API answer a tenth of its
 * time even when the client (the CLI, a script, a load balancer's probe) accepts none. Those get
 * the body as is, marked `Vary: Accept-Encoding` so a cache keeps it apart from a compressed copy.
 * Compression marks only the types it would compress; marking every such answer costs a shared
 * cache at most a second copy of an image, never a wrong one.
 */
function compressWhenAccepted(compress: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => {
    if (req.headers['accept-encoding']) return compress(req, res, next);
    res.vary('Accept-Encoding');
    next();
  };
}

/** Builds the whole server (website, panel, API) without listening; see server/index.ts for that. */
export async function createApp(config: Config, deps: AppDeps = {}): Promise<AppHandle> {
  const logger = deps.logger ?? createLogger(config);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  // A hop count, never `true`: only that many proxies' X-Forwarded-* headers are believed.
  app.set('trust proxy', config.trustProxy);
  const clock = deps.clock ?? Date.now;

  startProcessMetrics();
  const logRequest = requestLogger(logger);
  const measureRequest = requestMetrics(apiPrefix(config), PANEL_PREFIX);
  const security = capturedHeaders(securityHeaders(config));
  app.use(logRequest);
  app.use(measureRequest);
  const readiness: ReadinessCheck[] = [];
  app.use(healthRoutes(() => readiness));
  if (config.metricsToken) app.get('/metrics', metricsEndpoint(config.metricsToken));
  app.use(rejectMalformedPaths);
  app.use(withSecurityHeaders(security));
  const compress = compression();
  app.use(compressWhenAccepted(compress));

  app.use('/assets', staticAssets(config.buildDir));
  app.use(seoRoutes(config.public));

  const closers: Array<() => Promise<void>> = [];
  // The panel reaches the embedded API over a private loopback listener of its own, not through
  // the public one: a deploy's SIGTERM closes the public listener first, and proxied requests still
  // in flight must finish (index.ts closes this one after the public one has drained). Its buffered
  // calls are handed to the API in this process instead (no socket, no HTTP parsing; embedded-api.ts).
  let embeddedOrigin: string | null = null;
  let embeddedHandler: AppHandler | null = null;
  let inProcessApi: Express | null = null;
  let searches: SearchReads | null = null;
  const panel = createPanel({
    config,
    clock,
    logger,
    upstreamTimeouts: deps.upstreamTimeouts,
    embeddedOrigin: () => embeddedOrigin,
    embeddedHandler: () => embeddedHandler,
  });
  closers.push(panel.close);
  readiness.push({ name: 'session store', check: () => panel.session.ping() });

  // The embedded content API, unless an external backend speaks the contract instead.
  if (!config.upstreamApiUrl) {
    try {
      const database = await openDatabase({
        ...config,
        onConnectionError: (error) =>
          logger.warn({ err: { message: error.message } }, 'database connection lost; the pool reconnects'),
        ...deps.database,
      });
      closers.push(database.close);
      readiness.push({ name: 'database', check: () => database.ping() });
      if (database.poolStats) poolMetrics(database.poolStats);
      const api = await createContentApi({ config, database, logger, clock });
      closers.unshift(api.close);
      app.use(apiPrefix(config), internalClientIp(panel.internalKey), api.router);
      searches = api.searches;
      inProcessApi = embeddedApiApp({
        config,
        logger,
        observe: [logRequest, measureRequest],
        prefix: apiPrefix(config),
        internalKey: panel.internalKey,
        api: api.router,
      });
    } catch (error) {
      // Nothing may stay open (session store, Redis, database) when start-up fails.
      for (const close of closers) await close();
      throw error;
    }
  }

  // Session, browser-facing auth endpoints, API proxy and gating of the panel pages.
  app.use(PANEL_PREFIX, panel.router);

  // Threads know the app's own route table only (tests may render an extended one here).
  const threads =
    config.renderThreads > 0 && !deps.routes
      ? createRenderThreads({
          threads: config.renderThreads,
          publicConfig: config.public,
          counted: renderThreadMetrics(),
          onFailure: (error) =>
            logger.warn({ err: { message: error.message } }, 'render thread failed; it restarts'),
        })
      : null;
  if (threads) closers.push(threads.close);
  const render = createPageRenderer({
    routes: deps.routes ?? appRoutes,
    publicConfig: config.public,
    assets: manifestSource(config.buildDir, config.isProduction),
    isProduction: config.isProduction,
    threads,
  });
  const pages = pagesMiddleware(render, config.public.baseUrl, panel.requestContext);
  app.use(pages);
  app.use(errorHandler(logger));

  if (!config.upstreamApiUrl) {
    const internal = createServer(app);
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    embeddedOrigin = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
    // The panel's list searches skip Express too (its in-process calls carry the session's token).
    embeddedHandler = withSearchLane({
      next: inProcessApi!,
      app: inProcessApi!,
      prefix: apiPrefix(config),
      reads: searches!,
      log: logRequest,
      observe: [measureRequest],
      before: internalClientIp(panel.internalKey),
      errors: [apiErrorHandler(logger), errorHandler(logger)],
    });
    closers.unshift(async () => {
      internal.closeIdleConnections();
      await new Promise((resolve) => internal.close(resolve));
    });
  }

  // What Express answers before the site's pages (see the mounts above).
  const claimed = claimedPaths([
    ...['/healthz', '/readyz', '/metrics', '/assets', '/robots.txt', '/sitemap.xml'],
    ...[apiPrefix(config), PANEL_PREFIX],
  ]);
  const pagesLane = withFastLane({
    app,
    log: logRequest,
    observe: [measureRequest],
    security,
    // A site 404 only where Express has no route of its own, however a path is cased or ended.
    page: (path) => {
      const page = pages.cached(path);
      return page && (page.status !== 404 || !claimed.test(path)) ? page : undefined;
    },
  });
  // The panel's reads, before the pages (only the embedded API can tell a token it holds).
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyAddr>[1];
  const panelReads = (reads: SearchReads) =>
    panel.proxyLane({
      next: pagesLane,
      knownToken: (token) => reads.rememberedActor(token) !== null,
      ipOf: (req) => proxyAddr(req, trust),
      log: logRequest,
      observe: [measureRequest],
      security: () => security(nextNonce()),
      compress: compress as (req: IncomingMessage, res: ServerResponse, next: () => void) => void,
      app,
      errors: [errorHandler(logger)],
    });
  return {
    app,
    handler: searches
      ? withSearchLane({
          next: panelReads(searches),
          app,
          prefix: apiPrefix(config),
          reads: searches,
          log: logRequest,
          observe: [measureRequest],
          // As withSecurityHeaders and compressWhenAccepted set them (the lane takes no Accept-Encoding).
          headers: () => [...security(nextNonce()), 'Vary', 'Accept-Encoding'],
          errors: [apiErrorHandler(logger), errorHandler(logger)],
        })
      : pagesLane,
    logger,
    sessionStore: panel.session.store,
    close: async () => {
      for (const close of closers) await close();
    },
  };
}
