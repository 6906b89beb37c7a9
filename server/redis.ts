import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

/**
 * One ioredis connection for everything a server instance keeps in Redis (panel sessions, rate
 * limits). Commands fail fast while Redis is unreachable instead of queueing without bound, so a
 * Redis outage shows as errors on the requests that need it, not as hanging requests.
 */
export interface RedisHandle {
  client: Redis;
  /** Prefix of every key this instance writes (REDIS_KEY_PREFIX). */
  prefix: string;
  close(): Promise<void>;
}

export function openRedis(
  url: string,
  prefix: string,
  logger: Logger,
  options: { commandTimeoutMs?: number } = {},
): RedisHandle {
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // A frozen Redis (paused, swapping, network gone quiet) fails the command instead of hanging it.
    commandTimeout: options.commandTimeoutMs ?? 1500,
    enableOfflineQueue: true,
    // Reconnect with a capped backoff; the instance keeps serving what does not need Redis.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let lastError = '';
  client.on('error', (error: Error) => {
    // One log line per distinct failure, not one per reconnect attempt. The URL may hold a password: not logged.
    if (error.message === lastError) return;
    lastError = error.message;
    logger.error({ err: { message: error.message } }, 'redis connection error');
  });
  client.on('ready', () => {
    lastError = '';
  });
  return {
    client,
    prefix,
    close: async () => {
      if (client.status === 'end') return;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
