import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError } from '#shared/import/errors.ts';
import { REDIS, TEST_REDIS_URL } from '../../../tests/helpers/services.ts';
import { ServiceUnavailable } from '../../http/unavailable.ts';
import { openRedis, type RedisHandle } from '../../redis.ts';
import {
  IMPORTS_UNAVAILABLE,
  KEEP_MS,
  memoryImportStore,
  type ApplyState,
  type ImportHead,
  type ImportStore,
} from './import-store.ts';
import { emptyCounts, type Plan } from './plan.ts';
import { redisImportStore } from './redis-import-store.ts';
import { importsRouter } from './router.ts';

/**
 * The import store's contract on both implementations, and what only Redis has to show: the key
 * layout and TTLs, one claim across two connections (two instances), a failure as a logged 503.
 */
const silent = pino({ level: 'silent' });

function planned(
  rows: number,
  changing: number,
): { head: ImportHead; plan: Pick<Plan, 'rows' | 'changing'> } {
  const plan = {
    rows: Array.from({ length: rows }, (_, i) => ({
      line: i + 1,
      status: 'created' as const,
      row: { n: i },
    })),
    changing: Array.from({ length: changing }, (_, i) => ({ line: i + 1, values: { letters: `w${i}` } })),
  };
  const head: ImportHead = {
    id: randomUUID(),
    owner: 'session-a',
    table: 'words',
    name: 'list.txt',
    counts: { ...emptyCounts(), created: changing },
    notes: ['a note'],
    rowCount: rows,
    changingCount: changing,
  };
  return { head, plan };
}

const running = (): ApplyState => ({ state: 'running', done: 0, total: 0, counts: emptyCounts(), rows: [] });

async function collect(batches: AsyncIterable<unknown[]>): Promise<number[]> {
  const sizes: number[] = [];
  for await (const batch of batches) sizes.push(batch.length);
  return sizes;
}

const handles: RedisHandle[] = [];
const prefix = `test-imports-${randomBytes(6).toString('hex')}:`;
const open = () => {
  const handle = openRedis(TEST_REDIS_URL, prefix, silent);
  handles.push(handle);
  return handle;
};

afterAll(async () => {
  if (handles[0]) {
    const keys = await handles[0].client.keys(`${prefix}*`);
    if (keys.length) await handles[0].client.del(...keys);
  }
  await Promise.all(handles.map((h) => h.close()));
});

const stores: Array<[string, () => ImportStore, boolean]> = [
  ['memory', memoryImportStore, true],
  ['redis', () => redisImportStore(open()), REDIS],
];

for (const [kind, make, available] of stores) {
  describe.skipIf(!available)(`import store (${kind})`, () => {
    let store: ImportStore;
    beforeAll(() => {
      store = make();
    });

    it('keeps a plan: its head, preview pages, the rows to write in batches', async () => {
      const { head, plan } = planned(120, 2500);
      await store.save(head, plan);
      expect(await store.get(head.id)).toEqual({ ...head, apply: null });
      expect(await store.rows(head.id, 50, 100)).toEqual(plan.rows.slice(50, 100));
      expect(await store.rows(head.id, 100, 150)).toEqual(plan.rows.slice(100, 150));
      expect(await collect(store.changing(head, 1000))).toEqual([1000, 1000, 500]);
      const all: unknown[] = [];
      for await (const batch of store.changing(head, 1000)) all.push(...batch);
      expect(all).toEqual(plan.changing);
      expect(await store.get(randomUUID())).toBeNull();
    });

    it('claims an apply once, then keeps its progress', async () => {
      const { head, plan } = planned(3, 3);
      await store.save(head, plan);
      expect(await store.claim(head.id, running())).toBe('claimed');
      expect(await store.claim(head.id, running())).toBe('applied');
      const done: ApplyState = { ...running(), state: 'done', done: 3, total: 3 };
      await store.progress(head.id, done);
      expect((await store.get(head.id))?.apply).toEqual(done);
      expect(await store.claim(randomUUID(), running())).toBe('gone');
    });

    it('an empty plan (nothing to write) is kept too', async () => {
      const { head, plan } = planned(0, 0);
      await store.save(head, plan);
      expect(await store.rows(head.id, 0, 50)).toEqual([]);
      expect(await collect(store.changing(head, 1000))).toEqual([]);
    });
  });
}

describe.skipIf(!REDIS)('import store in Redis: layout, TTL, one claim across instances, failures', () => {
  let redis: RedisHandle;
  let store: ImportStore;
  beforeAll(() => {
    redis = open();
    store = redisImportStore(redis);
  });

  it('keeps each import under {prefix}import:{id}: with the hour as TTL on every key', async () => {
    const { head, plan } = planned(2, 2);
    await store.save(head, plan);
    const keys = (await redis.client.keys(`${prefix}import:${head.id}:*`)).sort();
    expect(keys).toEqual(['changing', 'meta', 'rows'].map((k) => `${prefix}import:${head.id}:${k}`));
    for (const key of keys) {
      const ttl = await redis.client.pttl(key);
      expect(ttl).toBeGreaterThan(KEEP_MS - 60_000);
      expect(ttl).toBeLessThanOrEqual(KEEP_MS);
    }
    expect(await redis.client.llen(`${prefix}import:${head.id}:rows`)).toBe(2);
  });

  it('of two instances applying the same import at once, exactly one claims it', async () => {
    const other = redisImportStore(open());
    for (let round = 0; round < 10; round++) {
      const { head, plan } = planned(1, 1);
      await store.save(head, plan);
      const results = await Promise.all([store.claim(head.id, running()), other.claim(head.id, running())]);
      expect(results.sort()).toEqual(['applied', 'claimed']);
    }
  });

  it('never recreates an import gone meanwhile (no key without a TTL)', async () => {
    const id = randomUUID();
    expect(await store.claim(id, running())).toBe('gone');
    await store.progress(id, running());
    expect(await redis.client.keys(`${prefix}import:${id}:*`)).toEqual([]);
  });

  it('an apply whose rows expired under it stops with a message, not with fewer rows', async () => {
    const { head, plan } = planned(1, 1500);
    await store.save(head, plan);
    await redis.client.del(`${prefix}import:${head.id}:changing`);
    await expect(collect(store.changing(head, 1000))).rejects.toBeInstanceOf(ImportError);
  });

  const unreachable = () => {
    const down = openRedis('redis://127.0.0.1:1', prefix, silent, { commandTimeoutMs: 200 });
    handles.push(down);
    return redisImportStore(down);
  };

  it('Redis not answering is a ServiceUnavailable with one message for the admin', async () => {
    const store = unreachable();
    const { head, plan } = planned(1, 1);
    for (const attempt of [store.get(head.id), store.save(head, plan), store.claim(head.id, running())]) {
      const error = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailable);
      expect((error as Error).message).toBe(IMPORTS_UNAVAILABLE);
    }
  });

  it('the routes answer it with a 503 and that message, and log it: never a 500', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const app = express();
    // A logged-in session, as the panel's session middleware leaves it.
    app.use((req, _res, next) => {
      const auth = { accessToken: 't', twoFaEnabled: true, twoFaVerified: true };
      Object.assign(req, { sessionID: 'session-a', session: { auth } });
      next();
    });
    app.use(importsRouter(logger, unreachable()));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const id = randomUUID();
      for (const [method, path] of [
        ['GET', `/${id}?page=2`],
        ['POST', `/${id}/apply`],
      ] as const) {
        const res = await fetch(`${base}${path}`, { method });
        expect([res.status, await res.json()]).toEqual([503, { message: IMPORTS_UNAVAILABLE }]);
      }
      expect(lines.filter((line) => line.includes('a service did not answer'))).toHaveLength(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
