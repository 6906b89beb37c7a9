import { createStaticHandler, matchRoutes, type RouteObject, type StaticHandlerContext } from 'react-router';
import { pageHandleOf, SITE_NAME, type PageHandle } from '#client/page-handle.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import type { AssetManifest } from './assets.ts';
import { renderDocument } from './document.ts';
import { renderApp as renderRoutes } from './render-app.tsx';
import type { RenderThreads } from './render-thread.ts';

export type RenderOutcome =
  | { kind: 'response'; response: Response }
  | { kind: 'page'; status: number; headers: Headers; html: string; isStatic: boolean };

export interface RendererOptions {
  routes: RouteObject[];
  publicConfig: PublicConfig;
  assets: () => AssetManifest;
  /** Production hides stack traces of unexpected errors. */
  isProduction: boolean;
  /** Render threads for pages rendered per request; only for `routes` as the threads know them. */
  threads?: RenderThreads | null;
}

const ERROR_HEADS: Record<'notFound' | 'error', PageHandle> = {
  notFound: {
    title: `Page not found — ${SITE_NAME}`,
    description: 'This page does not exist.',
    static: true,
  },
  error: { title: `Error — ${SITE_NAME}`, description: 'An unexpected error occurred.' },
};

/**
 * React Router's custom-server flow: `query()` the static handler, return a Response (redirects,
 * resource routes) unchanged, otherwise render StaticRouterProvider with the context's status.
 */
export function createPageRenderer(options: RendererOptions) {
  const { routes, publicConfig, assets, isProduction, threads } = options;
  const handler = createStaticHandler(routes);

  const renderApp = (context: StaticHandlerContext, nonce: string, hydrate: boolean): string =>
    renderRoutes(handler, publicConfig, context, nonce, hydrate);

  /**
   * What the error page may show: in production the message only, never the stack; always the id
   * of the request that failed (the API's, when it carries one; else this page request's).
   */
  function exposed(error: unknown, requestId: string | undefined): unknown {
    if (!(error instanceof Error)) return error;
    const id = (error as { requestId?: unknown }).requestId ?? requestId;
    const safe = isProduction ? new Error(error.message) : error;
    if (isProduction) safe.stack = undefined;
    return id === undefined ? safe : Object.assign(safe, { requestId: id });
  }

  /** A component threw while rendering: render again with the error at the root boundary. */
  function withRenderError(context: StaticHandlerContext, error: unknown, requestId?: string) {
    return { ...context, statusCode: 500, errors: { root: exposed(error, requestId) } };
  }

  const staticKeys = new Map<string, string>();

  /**
   * The cache key of the page a path renders to when that page is static: the route id, or the
   * shared not-found key. Undefined for pages rendered per request.
   */
  function staticKey(pathname: string): string | undefined {
    // matchRoutes flattens, ranks and compiles the whole table on every call: the answer for a
    // path never changes, so it is computed once per path (a bounded map: unknown paths are
    // endless, the oldest entries make room).
    const known = staticKeys.get(pathname);
    if (known !== undefined) return known === NOT_STATIC ? undefined : known;
    const matches = matchRoutes(handler.dataRoutes, pathname);
    const leaf = matches?.at(-1)!.route;
    const key = !matches
      ? NOT_FOUND_KEY
      : (leaf!.handle as PageHandle | undefined)?.static
        ? leaf!.id
        : undefined;
    if (staticKeys.size >= STATIC_KEY_CACHE_SIZE) staticKeys.delete(staticKeys.keys().next().value!);
    staticKeys.set(pathname, key ?? NOT_STATIC);
    return key;
  }

  /**
   * `requestContext` reaches every loader and action as `context` (the panel's loaders get the
   * session-bound API client through it; see client/admin/api-context). `requestId` is the page
   * request's (the request log's), shown by the error screens.
   */
  async function render(
    request: Request,
    nonce: string,
    requestContext?: unknown,
    requestId?: string,
  ): Promise<RenderOutcome> {
    const result = await handler.query(request, { requestContext });
    if (result instanceof Response) return { kind: 'response', response: result };
    let context = result;
    if (context.errors) {
      context.errors = Object.fromEntries(
        Object.entries(context.errors).map(([id, e]) => [id, exposed(e, requestId)]),
      );
    }

    const leaf = pageHandleOf(context.matches.map((m) => m.route.handle));
    const notFound = context.statusCode === 404;
    // Only the site's own 404 (no route matched) is the shared static page; the panel's 404 is
    // rendered per request inside the panel (and must never be cached as the site's).
    const siteNotFound = notFound && staticKey(new URL(request.url).pathname) === NOT_FOUND_KEY;
    const isStatic = siteNotFound || (!context.errors && leaf?.static === true);
    // A page rendered per request goes to a render thread when there is one; static pages are
    // rendered once (then cached) and stay here.
    let appHtml = isStatic || !threads ? null : await threads.render(request.url, context, nonce);
    if (appHtml === null) {
      try {
        appHtml = renderApp(context, nonce, !isStatic);
      } catch (error) {
        context = withRenderError(context, error, requestId);
        appHtml = renderApp(context, nonce, false);
      }
    }

    const failed = context.statusCode >= 500;
    const head = notFound ? ERROR_HEADS.notFound : failed ? ERROR_HEADS.error : (leaf ?? ERROR_HEADS.error);
    const manifest = assets();
    const scripts =
      isStatic || failed || !manifest['entry.js']
        ? ''
        : `<script type="application/json" id="public-config" nonce="${nonce}">${jsonForScript(publicConfig)}</script>` +
          `<script type="module" nonce="${nonce}" src="${manifest['entry.js']}"></script>`;
    const html = renderDocument({
      head,
      canonicalUrl: notFound || failed ? null : publicConfig.baseUrl + canonicalPath(context),
      appHtml,
      assets: manifest,
      scripts,
      siteName: SITE_NAME,
    });
    const headers = new Headers(context.loaderHeaders[context.matches.at(-1)?.route.id ?? ''] ?? undefined);
    return { kind: 'page', status: context.statusCode, headers, html, isStatic: isStatic && !failed };
  }

  return Object.assign(render, { staticKey });
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;

export const NOT_FOUND_KEY = '\0not-found';
/** Marks, in the staticKey cache, a path rendered per request. */
const NOT_STATIC = '\0per-request';
const STATIC_KEY_CACHE_SIZE = 2_048;

/** JSON that cannot close its <script> element or open a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The matched URL in its canonical spelling (lower-case route paths, no trailing slash). */
function canonicalPath(context: StaticHandlerContext): string {
  const leaf = context.matches.at(-1);
  if (!leaf) return '/';
  const hasParams = Object.keys(leaf.params).length > 0;
  const path = hasParams ? leaf.pathname : context.matches.map((m) => m.route.path ?? '').join('/');
  return '/' + path.split('/').filter(Boolean).join('/');
}
