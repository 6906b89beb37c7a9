import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Logger } from '../../logger.ts';
import { openRedis } from '../../redis.ts';

/**
 * Every limiter of the authentication endpoints is built here, and only here. With REDIS_URL the
 * counters live in Redis, so several server processes share them; each Redis limiter falls back
 * to an in-memory one while Redis is unreachable, so an outage never turns into open doors or 500s.
 */
export interface AuthLimiters {
  /** verify-otp attempts per account (successes are refunded). */
  otpPerAccount: RateLimiterAbstract;
  /** verify-otp attempts per client IP (successes are refunded). */
  otpPerIp: RateLimiterAbstract;
  /** Failed logins per (client IP, username). */
  loginPerIpAndUser: RateLimiterAbstract;
  /** Releases the Redis connection, if any. */
  close(): Promise<void>;
}

const FIFTEEN_MINUTES = 15 * 60;

const LIMITS = {
  otpPerAccount: { keyPrefix: 'otp-account', points: 10, duration: FIFTEEN_MINUTES },
  otpPerIp: { keyPrefix: 'otp-ip', points: 100, duration: FIFTEEN_MINUTES },
  loginPerIpAndUser: { keyPrefix: 'login', points: 10, duration: FIFTEEN_MINUTES },
} satisfies Record<string, IRateLimiterOptions>;

export function createAuthLimiters(
  options: { redisUrl?: string | null; redisKeyPrefix?: string; logger?: Logger } = {},
): AuthLimiters {
  const { redisUrl, redisKeyPrefix = 'argus:', logger } = options;
  if (!redisUrl || !logger) {
    return {
      otpPerAccount: new RateLimiterMemory(LIMITS.otpPerAccount),
      otpPerIp: new RateLimiterMemory(LIMITS.otpPerIp),
      loginPerIpAndUser: new RateLimiterMemory(LIMITS.loginPerIpAndUser),
      close: async () => {},
    };
  }
  const redis = openRedis(redisUrl, redisKeyPrefix, logger);
  const shared = (limits: IRateLimiterOptions) =>
    new RateLimiterRedis({
      ...limits,
      keyPrefix: `${redisKeyPrefix}rl:${limits.keyPrefix}`,
      storeClient: redis.client,
      insuranceLimiter: new RateLimiterMemory(limits),
    });
  return {
    otpPerAccount: shared(LIMITS.otpPerAccount),
    otpPerIp: shared(LIMITS.otpPerIp),
    loginPerIpAndUser: shared(LIMITS.loginPerIpAndUser),
    close: redis.close,
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
