import session, { type SessionData } from 'express-session';
import type { RedisHandle } from '../redis.ts';
import { ServiceUnavailable, SESSION_STORE_UNAVAILABLE } from '../http/unavailable.ts';

/** Any Redis failure of a session read or write: the request gets a 503 naming the session store. */
const unavailable = (error: unknown) => new ServiceUnavailable(SESSION_STORE_UNAVAILABLE, error);
import { ABSOLUTE_LIFETIME_MS, expiresAt, IDLE_TIMEOUT_MS, versionOf } from './session-data.ts';

// KEYS[1] session hash, KEYS[2] tombstone; ARGV data, version, ttl ms. Returns 1 when written.
// Atomic in Redis, so two instances saving the same session cannot interleave check and write.
const CONDITIONAL_SET = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local stored = redis.call('HGET', KEYS[1], 'v')
if stored and tonumber(stored) > tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'd', ARGV[1], 'v', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/**
 * Sessions in Redis (REDIS_URL), shared by every instance: `{prefix}sess:{id}` is a hash of the
 * JSON data and its credentials version, expiring with the session (Redis TTL); a destroyed id
 * leaves `{prefix}sess-gone:{id}` so in-flight requests cannot write it back. Same rules as
 * SqliteSessionStore.
 */
export class RedisSessionStore extends session.Store {
  constructor(
    private readonly redis: RedisHandle,
    private readonly clock: () => number,
  ) {
    super();
    redis.client.defineCommand('argusSessionSet', { numberOfKeys: 2, lua: CONDITIONAL_SET });
  }

  private key(sid: string): string {
    return `${this.redis.prefix}sess:${sid}`;
  }

  private tombstone(sid: string): string {
    return `${this.redis.prefix}sess-gone:${sid}`;
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.redis.client.hget(this.key(sid), 'd').then(
      (json) => {
        const data = json === null ? null : (JSON.parse(json) as SessionData);
        // The Redis TTL runs on real time; the app's clock decides as well (tests inject one).
        const end = data ? expiresAt(data) : null;
        callback(null, data && (end === null || end > this.clock()) ? data : null);
      },
      (error: unknown) => callback(unavailable(error)),
    );
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    const ttl = Math.max(1000, (expiresAt(data) ?? this.clock() + IDLE_TIMEOUT_MS) - this.clock());
    const client = this.redis.client as unknown as {
      argusSessionSet(k1: string, k2: string, d: string, v: number, ttl: number): Promise<number>;
    };
    client
      .argusSessionSet(this.key(sid), this.tombstone(sid), JSON.stringify(data), versionOf(data), ttl)
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(unavailable(error)),
      );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.redis.client
      .multi()
      .set(this.tombstone(sid), '1', 'PX', ABSOLUTE_LIFETIME_MS)
      .del(this.key(sid))
      .exec()
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(unavailable(error)),
      );
  }
}
