import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { RedisHandle } from '../redis.ts';

/**
 * A lease on one session's token refresh, shared by every instance that shares the session store.
 * Without it, two instances meeting an expired access token at once would both spend the same
 * refresh token, and the content API would take the second use as theft and end the session.
 * A lease expires by itself, so a holder that dies mid-refresh blocks the others for `ttlMs` at most.
 */
export interface RefreshLock {
  /** The lease, or null while another holder has it. Release is safe to call more than once. */
  acquire(sid: string, ttlMs: number): Promise<(() => Promise<void>) | null>;
}

const owner = () => randomBytes(16).toString('base64url');

// Deletes the lease only if it is still ours (it may have expired and been taken by another).
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** Leases in Redis (`{prefix}refresh-lock:{sid}`), where the sessions of several instances live. */
export function redisRefreshLock(redis: RedisHandle): RefreshLock {
  return {
    async acquire(sid, ttlMs) {
      const key = `${redis.prefix}refresh-lock:${sid}`;
      const me = owner();
      const taken = await redis.client.set(key, me, 'PX', ttlMs, 'NX');
      if (taken !== 'OK') return null;
      return async () => {
        await redis.client.eval(RELEASE, 1, key, me).catch(() => undefined);
      };
    },
  };
}

/**
 * Leases in the SQLite session file, for instances that share one DATA_DIR. One synchronous
 * statement takes a free or expired lease, so two processes never both hold it.
 */
export function sqliteRefreshLock(db: Database.Database, clock: () => number): RefreshLock {
  db.exec(
    `create table if not exists panel_refresh_locks (
       sid text primary key,
       owner text not null,
       expires_at integer not null
     )`,
  );
  const take = db.prepare<[string, string, number, number]>(
    `insert into panel_refresh_locks (sid, owner, expires_at) values (?, ?, ?)
     on conflict (sid) do update set owner = excluded.owner, expires_at = excluded.expires_at
     where panel_refresh_locks.expires_at <= ?`,
  );
  const release = db.prepare<[string, string]>('delete from panel_refresh_locks where sid = ? and owner = ?');
  return {
    async acquire(sid, ttlMs) {
      const me = owner();
      const now = clock();
      if (take.run(sid, me, now + ttlMs, now).changes !== 1) return null;
      return async () => {
        release.run(sid, me);
      };
    },
  };
}
