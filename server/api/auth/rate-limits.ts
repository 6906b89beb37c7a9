import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Every limiter of the authentication endpoints is built here, and only here: to share limits
 * between several server processes, construct RateLimiterRedis with the same options instead.
 */
export interface AuthLimiters {
  /** verify-otp attempts per account (successes are refunded). */
  otpPerAccount: RateLimiterAbstract;
  /** verify-otp attempts per client IP (successes are refunded). */
  otpPerIp: RateLimiterAbstract;
  /** Failed logins per (client IP, username). */
  loginPerIpAndUser: RateLimiterAbstract;
}

const FIFTEEN_MINUTES = 15 * 60;

export function createAuthLimiters(): AuthLimiters {
  return {
    otpPerAccount: new RateLimiterMemory({ keyPrefix: 'otp-account', points: 10, duration: FIFTEEN_MINUTES }),
    otpPerIp: new RateLimiterMemory({ keyPrefix: 'otp-ip', points: 100, duration: FIFTEEN_MINUTES }),
    loginPerIpAndUser: new RateLimiterMemory({ keyPrefix: 'login', points: 10, duration: FIFTEEN_MINUTES }),
  };
}

export type LimitedKey = [RateLimiterAbstract, string];

/**
 * Takes one point from each limiter before the attempt (so a burst cannot slip through between
 * check and count). Returns the seconds to wait when any of them is exhausted, else null.
 */
export async function takePoint(keys: LimitedKey[]): Promise<number | null> {
  for (const [limiter, key] of keys) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  }
  return null;
}

/** Gives the point back: a successful attempt does not count against the limits. */
export async function refundPoint(keys: LimitedKey[]): Promise<void> {
  for (const [limiter, key] of keys) await limiter.reward(key, 1);
}
