import type { RequestHandler } from 'express';
import { RateLimiterRes, type RateLimiterMemory } from 'rate-limiter-flexible';
import type { Actor } from '../auth/index.ts';
import { ApiError } from './errors.ts';

/** A rate limit per admin (after requireAdmin): past it, a 429 naming `what` with Retry-After. */
export function perAdminLimit(limiter: RateLimiterMemory, what: string): RequestHandler {
  return async (_req, res, next) => {
    const actor = res.locals.actor as Actor;
    try {
      await limiter.consume(String(actor.userId));
      next();
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new ApiError(429, `Too many ${what} requests. Try again in ${seconds} seconds.`, undefined, {
        'Retry-After': String(seconds),
      });
    }
  };
}
