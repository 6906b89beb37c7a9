import { randomFillSync } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Config } from '../config.ts';

const NONCE_BYTES = 16;
// Random bytes drawn from the CSPRNG 256 nonces at a time (as crypto.randomUUID does): one call
// per response cost more than the rest of sending a cached page's headers.
const pool = Buffer.alloc(NONCE_BYTES * 256);
let offset = pool.length;

/** A fresh 128-bit nonce, base64. */
export function nextNonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  return pool.toString('base64', offset, (offset += NONCE_BYTES));
}

/**
 * Every response's security headers, with a fresh nonce for every inline or module script the page
 * carries. `security` is helmet's header list for a nonce, captured once at start-up
 * (header-template.ts): the same headers in the same order as running helmet's dozen middleware,
 * for a fraction of the work on every request.
 */
export function withSecurityHeaders(security: (nonce: string) => string[]): RequestHandler {
  return (_req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    const headers = security(nonce);
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
    next();
  };
}

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;

/** Helmet with an enforced, nonce-based CSP. Inline styles and foreign frames are not allowed. */
export function securityHeaders(config: Config): ReturnType<typeof helmet> {
  const feedbackOrigin = config.public.feedbackFormUrl ? new URL(config.public.feedbackFormUrl).origin : null;
  const httpsSite = config.public.baseUrl.startsWith('https://');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [nonceSource, "'strict-dynamic'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameSrc: feedbackOrigin ? [feedbackOrigin] : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: httpsSite ? [] : null,
      },
    },
    strictTransportSecurity: config.isProduction
      ? { maxAge: 63072000, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
