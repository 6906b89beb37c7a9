import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionData, Store } from 'express-session';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openRedis } from '../redis.ts';
import { RedisSessionStore } from './redis-store.ts';
import { emptyAuth, IDLE_TIMEOUT_MS } from './session-data.ts';
import { SqliteSessionStore } from './sqlite-store.ts';

let now = Date.now();
const clock = () => now;
const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-sessions-'));
const sqlite = new SqliteSessionStore(dataDir, clock);
const redis = openRedis(
  process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  `test-${randomBytes(6).toString('hex')}:`,
  pino({ level: 'silent' }),
);
const stores: Array<[string, Store]> = [
  ['sqlite', sqlite],
  ['redis', new RedisSessionStore(redis, clock)],
];

afterAll(async () => {
  sqlite.close();
  rmSync(dataDir, { recursive: true, force: true });
  const keys = await redis.client.keys(`${redis.prefix}*`);
  if (keys.length) await redis.client.del(...keys);
  await redis.close();
});

const get = (store: Store, sid: string) =>
  new Promise<SessionData | null>((resolve, reject) =>
    store.get(sid, (error, data) => (error ? reject(error) : resolve(data ?? null))),
  );
const set = (store: Store, sid: string, data: SessionData) =>
  new Promise<void>((resolve, reject) =>
    store.set(sid, data, (error) => (error ? reject(error) : resolve())),
  );
const destroy = (store: Store, sid: string) =>
  new Promise<void>((resolve, reject) => store.destroy(sid, (error) => (error ? reject(error) : resolve())));

function record(version: number, accessToken: string): SessionData {
  return {
    cookie: { originalMaxAge: null } as SessionData['cookie'],
    auth: { ...emptyAuth(), version, accessToken },
    createdAt: now,
    lastActivityAt: now,
  };
}

describe.each(stores)('%s session store', (_name, store) => {
  it('keeps a session until its idle deadline (the app clock decides)', async () => {
    const sid = randomBytes(16).toString('hex');
    await set(store, sid, record(1, 'a'));
    expect((await get(store, sid))?.auth.accessToken).toBe('a');
    now += IDLE_TIMEOUT_MS;
    expect(await get(store, sid)).toBeNull();
  });

  it('drops a write carrying older credentials than the stored ones', async () => {
    const sid = randomBytes(16).toString('hex');
    await set(store, sid, record(2, 'refreshed'));
    await set(store, sid, record(1, 'stale'));
    expect((await get(store, sid))?.auth.accessToken).toBe('refreshed');
    await set(store, sid, record(2, 'same-version'));
    expect((await get(store, sid))?.auth.accessToken).toBe('same-version');
  });

  it('never lets a destroyed session be written back', async () => {
    const sid = randomBytes(16).toString('hex');
    await set(store, sid, record(1, 'a'));
    await destroy(store, sid);
    await set(store, sid, record(5, 'late write of a request still running'));
    expect(await get(store, sid)).toBeNull();
  });
});

it('keeps the SQLite file private (mode 0600)', () => {
  expect(statSync(path.join(dataDir, 'sessions.sqlite')).mode & 0o777).toBe(0o600);
});
