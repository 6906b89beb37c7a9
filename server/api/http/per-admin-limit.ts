import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Step } from './call.ts';
import { ApiError } from './errors.ts';

/**
 * A rate limit per admin or API token (after requireAdmin): past it, a 429 with Retry-After whose
 * message `words` gives, from the seconds to wait. Built from the API's rate limits
 * (http/rate-limits.ts), so with REDIS_URL every instance counts against the same total.
 */
export function perAdminLimit(
  limiter: RateLimiterAbstract,
  words: (seconds: number) => string,
  key: 'userId' | 'username' = 'userId',
): Step {
  return async (ctx) => {
    try {
      await limiter.consume(key === 'userId' ? ctx.actor!.limitKey : ctx.actor!.username);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new ApiError(429, words(seconds), undefined, { 'Retry-After': String(seconds) });
    }
  };
}

/** The usual wording: `Too many {what} requests. Try again in N seconds.` */
export const tooMany = (what: string) => (seconds: number) =>
  `Too many ${what} requests. Try again in ${seconds} seconds.`;
