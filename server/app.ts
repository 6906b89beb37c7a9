import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import type { Store } from 'express-session';
import type { RouteObject } from 'react-router';
import { routes as appRoutes } from '#client/routes.tsx';
import type { InProcessApi } from './api/http/in-process.ts';
import type { ApiOperation } from './api/http/operation.ts';
import { apiPrefix, createContentApi, type ContentApi } from './api/index.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseOptions } from './db/database.ts';
import { createPanel, PANEL_PREFIX } from './panel/index.ts';
import type { UpstreamTimeouts } from './proxy/upstream.ts';
import { errorHandler } from './http/errors.ts';
import { claimedPaths, withFastLane } from './http/fast-lane.ts';
import { capturedHeaders } from './http/header-template.ts';
import { compressWhenAccepted } from './http/compression.ts';
import { apiSecurityHeaders, nextNonce, securityHeaders } from './http/security.ts';
import { seoRoutes } from './http/seo.ts';
import { SERVER_PATHS } from './http/server-paths.ts';
import { staticAssets } from './http/static-assets.ts';
import { rejectMalformedPaths } from './http/url-encoding.ts';
import { createLogger, requestLogger, type Logger } from './logger.ts';
import { healthRoutes, type ReadinessCheck } from './observability/health-probes.ts';
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

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface AppHandle {
  /** What every listener serves (server/index.ts, the tests): the one Express app behind the fast lane. */
  handler: Handler;
  logger: Logger;
  /** The embedded content API called in process, as the panel calls it (null with UPSTREAM_API_URL). */
  api: InProcessApi | null;
  /** The embedded content API's operations as served (empty with UPSTREAM_API_URL). */
  apiOperations: readonly ApiOperation[];
  /** The panel's session store (tests read a session's credentials from it to prove they never leak). */
  sessionStore: Store;
  /** Releases what the app holds (database, session store, upstream pool). */
  close(): Promise<void>;
}

/** Helmet's headers with a fresh CSP nonce, which pages put on their scripts (res.locals.cspNonce). */
function withNonce(helmet: RequestHandler): RequestHandler {
  return (req, res, next) => {
    res.locals.cspNonce = nextNonce();
    helmet(req, res, next);
  };
}

/**
 * Builds the whole server (website, panel, API) without listening; server/index.ts listens.
 *
 * The request path, top to bottom (docs/architecture.md draws it):
 *  1. the public fast lane: a GET for a public page already rendered is answered from memory;
 *  2. everything else enters this one Express app: request log and metrics, health and metrics
 *     endpoints, malformed paths refused;
 *  3. the content API at `/arguscreative/{product}`, when it is embedded, with its own security
 *     headers (no page, no nonce), compressing the answers that are not compressed already;
 *  then, for the rest, security headers with a nonce and compression when accepted;
 *  4. the panel at `/argusma-words-panel`: session, CSRF, login, the proxy to the content API;
 *  5. static assets, robots and sitemap, then React's pages; the error handler last.
 * Mounted in that order, an API call or a proxied panel call meets only its own layers.
 */
export async function createApp(config: Config, deps: AppDeps = {}): Promise<AppHandle> {
  const logger = deps.logger ?? createLogger(config);
  const clock = deps.clock ?? Date.now;
  const closers: Array<() => Promise<void>> = [];
  const readiness: ReadinessCheck[] = [];
  startProcessMetrics();

  const panel = createPanel({
    config,
    clock,
    logger,
    upstreamTimeouts: deps.upstreamTimeouts,
    // The panel calls the embedded API in process, through the API's own routes.
    embeddedApi: () => api?.call ?? null,
  });
  closers.push(panel.close);
  readiness.push({ name: 'session store', check: () => panel.session.ping() });

  // The embedded content API, unless an external backend speaks the contract instead.
  let api: ContentApi | null = null;
  if (!config.upstreamApiUrl) {
    try {
      api = await embeddedApi(config, logger, clock, deps.database, closers, readiness);
    } catch (error) {
      // Nothing may stay open (session store, Redis, database) when start-up fails.
      for (const close of closers) await close();
      throw error;
    }
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  // A hop count, never `true`: only that many proxies' X-Forwarded-* headers are believed.
  app.set('trust proxy', config.trustProxy);

  // 2. Every request.
  const logRequest = requestLogger(logger);
  const measureRequest = requestMetrics(apiPrefix(config), PANEL_PREFIX);
  app.use(logRequest, measureRequest);
  app.use(healthRoutes(() => readiness));
  if (config.metricsToken) app.get('/metrics', metricsEndpoint(config.metricsToken));
  app.use(rejectMalformedPaths);

  // 3. The content API for HTTP clients (the panel calls the same routes in process), with headers
  // of its own: it serves no page, so no nonce is drawn for it. It compresses what needs it itself.
  if (api) app.use(apiPrefix(config), apiSecurityHeaders(config), api.handler);

  // Everything else: security headers with a nonce for the page's scripts, compression.
  const helmet = securityHeaders(config);
  app.use(withNonce(helmet));
  app.use(compressWhenAccepted());

  // 4. The panel's server side.
  app.use(PANEL_PREFIX, panel.router);

  // 5. The public site and the panel's pages.
  app.use('/assets', staticAssets(config.buildDir));
  app.use(seoRoutes(config.public));
  const pages = pagesMiddleware(
    pageRenderer(config, deps, logger, closers),
    config.public.baseUrl,
    panel.requestContext,
  );
  app.use(pages);
  app.use(errorHandler(logger));

  // 1. The fast lane, never for a path Express routes itself (a site 404 only where it has no route).
  const claimed = claimedPaths([...SERVER_PATHS, ...[apiPrefix(config), PANEL_PREFIX]]);
  const handler = withFastLane({
    app,
    log: logRequest,
    observe: [measureRequest],
    security: capturedHeaders(helmet),
    page: (path) => {
      const page = pages.cached(path);
      return page && (page.status !== 404 || !claimed.test(path)) ? page : undefined;
    },
  });

  return {
    handler,
    api: api?.call ?? null,
    apiOperations: api?.operations ?? [],
    logger,
    sessionStore: panel.session.store,
    close: async () => {
      for (const close of closers) await close();
    },
  };
}

/** Opens the database and starts the content API on it; what it holds is closed with the app. */
async function embeddedApi(
  config: Config,
  logger: Logger,
  clock: () => number,
  options: Partial<DatabaseOptions> | undefined,
  closers: Array<() => Promise<void>>,
  readiness: ReadinessCheck[],
): Promise<ContentApi> {
  const database = await openDatabase({
    ...config,
    onConnectionError: (error) =>
      logger.warn({ err: { message: error.message } }, 'database connection lost; the pool reconnects'),
    ...options,
  });
  closers.push(database.close);
  readiness.push({ name: 'database', check: () => database.ping() });
  if (database.poolStats) poolMetrics(database.poolStats);
  const api = await createContentApi({ config, database, logger, clock });
  closers.unshift(api.close);
  return api;
}

/** React's pages, rendered on render threads when configured (tests may render an extended table). */
function pageRenderer(config: Config, deps: AppDeps, logger: Logger, closers: Array<() => Promise<void>>) {
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
  return createPageRenderer({
    routes: deps.routes ?? appRoutes,
    publicConfig: config.public,
    assets: manifestSource(config.buildDir, config.isProduction),
    isProduction: config.isProduction,
    threads,
  });
}
