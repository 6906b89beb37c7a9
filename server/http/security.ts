import { randomFillSync } from 'node:crypto';
import type { Response } from 'express';
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

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;

/** Helmet with an enforced, nonce-based CSP. Inline styles and foreign frames are not allowed. */
export function securityHeaders(config: Config): ReturnType<typeof helmet> {
  const feedbackOrigin = config.public.feedbackFormUrl ? new URL(config.public.feedbackFormUrl).origin : null;
  const httpsSite = config.public.baseUrl.startsWith('https://');
  return helmet({
    ...sharedOptions(config),
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
  });
}

/**
 * The content API's headers: the site's, with a CSP that allows nothing. Its answers are JSON and
 * release bundles, never a page, so nothing in them may load, run or be framed (the policy OWASP
 * gives for REST services), and there is no script to give a nonce: the header is the same on
 * every answer and nothing is drawn per request.
 */
export function apiSecurityHeaders(config: Config): ReturnType<typeof helmet> {
  return helmet({
    ...sharedOptions(config),
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
  });
}

function sharedOptions(config: Config) {
  return {
    strictTransportSecurity: config.isProduction
      ? { maxAge: 63072000, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  } as const;
}
