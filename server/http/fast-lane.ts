import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import type { CachedPage } from '../ssr/page-cache.ts';
import { pickEncoding } from './pick-encoding.ts';
import { nextNonce } from './security.ts';

/** Synchronous middleware that only watches a request and its response (logs, metrics). */
export type Observer = (
  req: IncomingMessage & { originalUrl: string },
  res: ServerResponse,
  next: () => void,
) => void;

export interface FastLaneOptions {
  /** Express (or a lane in front of it), for everything this lane does not answer. */
  app: (req: IncomingMessage, res: ServerResponse) => void;
  /** The request log: its `track` does what the middleware does but set the id header. */
  log: { track(req: IncomingMessage, res: ServerResponse): string };
  /** Synchronous middleware that only watches the response (metrics), run as Express would. */
  observe: Observer[];
  /** The security headers (helmet's, captured once: header-template.ts) for a nonce. */
  security: (nonce: string) => string[];
  /** The page a path renders to when it is already held in memory (a 404 page included). */
  page: (path: string) => CachedPage | undefined;
}

/**
 * The public pages are pre-rendered bytes, yet Express's router, its request and response
 * prototypes and helmet's dozen middleware cost several times the page itself. A GET or HEAD for
 * a page already held is answered here, before Express: the same request log line and metrics,
 * the same headers in the same order (helmet's captured at start-up with the nonce left open, a
 * fresh nonce and request id per response), the same 304 and encoding choice — written with one
 * `writeHead`, as a bare node:http server would. Anything else (other methods, percent-encoded or
 * absolute-form paths, pages not yet rendered) goes to Express.
 */
export function withFastLane({ app, log, observe, security, page }: FastLaneOptions) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const held =
      (req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/') && !path.includes('%')
        ? page(path)
        : undefined;
    if (!held) {
      app(req, res);
      return;
    }
    const request = Object.assign(req, { originalUrl: url });
    const id = log.track(request, res);
    for (const step of observe) step(request, res, noop);

    const head: Array<string | number> = ['X-Request-Id', id, ...security(nextNonce())];
    head.push('Content-Type', 'text/html; charset=utf-8', 'Cache-Control', 'no-cache', 'ETag', held.etag);
    head.push('Vary', 'Accept-Encoding');
    // Express's req.fresh: only a 2xx or 304 answer can be "not modified".
    if (held.status >= 200 && held.status < 300 && fresh(req.headers, { etag: held.etag })) {
      res.writeHead(304, head as string[]).end();
      return;
    }
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = encoding === 'br' ? held.br : encoding === 'gzip' ? held.gzip : held.identity;
    if (encoding !== 'identity') head.push('Content-Encoding', encoding);
    head.push('Content-Length', body.length);
    res.writeHead(held.status, head as string[]).end(body);
  };
}

const noop = () => undefined;

/**
 * Paths Express routes itself (mounts and routes below these prefixes), matched as Express does:
 * any case, with or without a trailing slash or more segments. The fast lane never answers them
 * with the site's 404.
 */
export function claimedPaths(prefixes: string[]): RegExp {
  const escaped = prefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^(?:${escaped.join('|')})(?:/|$)`, 'i');
}
