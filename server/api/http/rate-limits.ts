import {
  RateLimiterMemory,
  RateLimiterRedis,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Logger } from '../../logger.ts';
import { openRedis } from '../../redis.ts';

/** A limit: `points` per `duration` seconds for each key, its counters named by `keyPrefix`. */
export type LimitOptions = IRateLimiterOptions & { keyPrefix: string; points: number; duration: number };

/**
 * Where every rate limit of the API keeps its counters. With REDIS_URL they live in Redis, one
 * connection for all of them, so every instance counts against the same totals: a limit is the
 * same whether one instance serves an admin or ten. Each Redis limiter falls back to an in-memory
 * one while Redis is unreachable, so an outage never turns into open doors or 500s (each instance
 * then counts on its own until Redis is back). Without REDIS_URL (one instance) they are in memory.
 */
export interface RateLimits {
  limiter(options: LimitOptions): RateLimiterAbstract;
  /** Whether counters are shared between instances. */
  shared: boolean;
  /** Releases the Redis connection, if any. */
  close(): Promise<void>;
}

export function createRateLimits(
  options: {
    redisUrl?: string | null;
    redisKeyPrefix?: string;
    redisCommandTimeoutMs?: number;
    logger?: Logger;
  } = {},
): RateLimits {
  const { redisUrl, redisKeyPrefix = 'argus:', redisCommandTimeoutMs = 1500, logger } = options;
  if (!redisUrl || !logger) {
    return { limiter: (limits) => new RateLimiterMemory(limits), shared: false, close: async () => {} };
  }
  const redis = openRedis(redisUrl, redisKeyPrefix, logger, { commandTimeoutMs: redisCommandTimeoutMs });
  return {
    limiter: (limits) =>
      new RateLimiterRedis({
        ...limits,
        keyPrefix: `${redisKeyPrefix}rl:${limits.keyPrefix}`,
        storeClient: redis.client,
        insuranceLimiter: new RateLimiterMemory(limits),
      }),
    shared: true,
    close: redis.close,
  };
}
