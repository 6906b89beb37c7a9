import type { Request, RequestHandler, Response as ExpressResponse } from 'express';
import { NOT_FOUND_KEY, type PageRenderer } from './render.tsx';
import { cachePage, sendCachedPage, type CachedPage } from './page-cache.ts';
import { toFetchRequest } from './request.ts';

/**
 * Serves every page of the route table. Static pages (public site, 404) are rendered on first request
 * and then served from memory; the cache is keyed by what was rendered, so it stays bounded however
 * many different unknown paths are requested.
 */
export function pagesMiddleware(
  render: PageRenderer,
  origin: string,
  /** Builds the loaders' `context` for pages rendered per request (the panel's session API client). */
  requestContext: (req: Request, res: ExpressResponse) => unknown = () => undefined,
): RequestHandler & { cached: (path: string) => CachedPage | undefined } {
  const cache = new Map<string, CachedPage>();

  /**
   * The page already rendered for this path, for the fast lane: a site page or, for a path no
   * route of the site matches, the shared 404 page (the caller knows which paths Express claims).
   */
  const cached = (path: string): CachedPage | undefined => {
    const key = render.staticKey(path);
    return key !== undefined ? cache.get(key) : undefined;
  };

  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const key = render.staticKey(req.path);
      const cached = key !== undefined ? cache.get(key) : undefined;
      if (cached) return sendCachedPage(req, res, cached);

      const context = key === undefined ? await requestContext(req, res) : undefined;
      const outcome = await render(
        toFetchRequest(req, origin),
        res.locals.cspNonce as string,
        context,
        String(req.id),
      );
      if (outcome.kind === 'response') return sendFetchResponse(res, outcome.response);
      if (outcome.isStatic) {
        const page = cachePage(outcome.status, outcome.html);
        const storeAs = outcome.status === 404 ? NOT_FOUND_KEY : key;
        if (storeAs !== undefined) cache.set(storeAs, page);
        return sendCachedPage(req, res, page);
      }
      outcome.headers.forEach((value, name) => res.setHeader(name, value));
      res.status(outcome.status).type('html').send(outcome.html);
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(handler, { cached });
}

async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}
