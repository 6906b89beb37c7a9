import type { RequestHandler } from 'express';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#shared/panel-context.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing panel request (login and logout included):
 * 1. the fixed custom header `X-Argus-CSRF: 1`, which a cross-site form or a "simple" fetch cannot
 *    send (it would need a CORS preflight, and this server answers none);
 * 2. `Sec-Fetch-Site: same-origin`, or, from browsers that do not send it, an `Origin` equal to
 *    the configured site origin or to this request's own origin. A request with neither is refused.
 * GET and HEAD never change state, so they pass.
 */
export function requireCsrf(siteOrigin: string): RequestHandler {
  const configured = new URL(siteOrigin).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const refuse = (why: string) => res.status(403).json({ message: `Request refused: ${why}.` });
    if (req.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) return refuse(`the ${CSRF_HEADER} header is missing`);
    const site = req.get('sec-fetch-site');
    if (site !== undefined) {
      return site === 'same-origin' ? next() : refuse('it was not sent from this site');
    }
    const origin = req.get('origin');
    const own = `${req.protocol}://${req.get('host') ?? ''}`;
    if (origin !== undefined && (origin === configured || origin === own)) return next();
    return refuse('it was not sent from this site');
  };
}
