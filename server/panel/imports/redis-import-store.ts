import type { ChainableCommander } from 'ioredis';
import { ImportError } from '#shared/import/errors.ts';
import type { FileRecord } from '#shared/import/records.ts';
import { ServiceUnavailable } from '../../http/unavailable.ts';
import type { RedisHandle } from '../../redis.ts';
import type { PreviewRow } from './plan.ts';
import {
  IMPORT_EXPIRED,
  IMPORTS_UNAVAILABLE,
  KEEP_MS,
  type ApplyState,
  type ClaimResult,
  type ImportHead,
  type ImportStore,
  type StoredImport,
} from './import-store.ts';

/**
 * Imports in Redis (REDIS_URL), shared by every instance, each expiring KEEP_MS after its upload:
 * `{prefix}import:{id}:meta` is a hash of `head` (ImportHead as JSON) and, once applied, `apply`
 * (the progress as JSON); `…:rows` lists the preview rows and `…:changing` the rows to write, one
 * JSON item each, so a preview page is one LRANGE and apply reads the rows a batch at a time.
 */

/** Items per RPUSH, and per round trip (a pipeline of several): a big plan never goes as one command. */
const PUSH_ITEMS = 1000;
const PIPELINE_ITEMS = 20_000;

// KEYS meta, rows, changing; ARGV mode ('claim' | 'progress'), apply JSON, keep ms.
// Returns -1 when the import is gone (never recreated without its TTL), 0 when claimed already.
// Atomic in Redis: two instances applying the same import at once cannot both claim it.
const SET_APPLY = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if ARGV[1] == 'claim' then
  if redis.call('HSETNX', KEYS[1], 'apply', ARGV[2]) == 0 then return 0 end
  for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
  return 1
end
redis.call('HSET', KEYS[1], 'apply', ARGV[2])
return 1
`;

interface ImportCommands {
  argusImportApply(
    meta: string,
    rows: string,
    changing: string,
    mode: 'claim' | 'progress',
    apply: string,
    keepMs: number,
  ): Promise<number>;
}

/** Any Redis failure: the import request gets a 503 saying the shared store did not answer. */
const unavailable = (error: unknown) => new ServiceUnavailable(IMPORTS_UNAVAILABLE, error);

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw unavailable(error);
  }
}

/** A pipeline or transaction reports a failed command in its results, not by rejecting. */
async function exec(commands: ChainableCommander): Promise<void> {
  for (const [error] of (await commands.exec()) ?? []) if (error) throw error;
}

export function redisImportStore(redis: RedisHandle): ImportStore {
  const { client, prefix } = redis;
  client.defineCommand('argusImportApply', { numberOfKeys: 3, lua: SET_APPLY });
  const commands = client as unknown as ImportCommands;
  const keysOf = (id: string) => ({
    meta: `${prefix}import:${id}:meta`,
    rows: `${prefix}import:${id}:rows`,
    changing: `${prefix}import:${id}:changing`,
  });
  const setApply = (id: string, mode: 'claim' | 'progress', apply: ApplyState) => {
    const keys = keysOf(id);
    return commands.argusImportApply(
      keys.meta,
      keys.rows,
      keys.changing,
      mode,
      JSON.stringify(apply),
      KEEP_MS,
    );
  };

  /** Appends the items to the list, a pipeline at a time; each sets the TTL, so none outlives it. */
  async function pushAll(key: string, items: readonly unknown[]): Promise<void> {
    for (let at = 0; at < items.length; at += PIPELINE_ITEMS) {
      const pipeline = client.pipeline();
      const end = Math.min(items.length, at + PIPELINE_ITEMS);
      for (let from = at; from < end; from += PUSH_ITEMS)
        pipeline.rpush(
          key,
          ...items.slice(from, Math.min(end, from + PUSH_ITEMS)).map((i) => JSON.stringify(i)),
        );
      pipeline.pexpire(key, KEEP_MS);
      await exec(pipeline);
    }
  }

  return {
    async save(head, plan) {
      const keys = keysOf(head.id);
      try {
        await pushAll(keys.rows, plan.rows);
        await pushAll(keys.changing, plan.changing);
        // The head last: the import exists for other requests only once its rows are all there.
        await exec(client.multi().hset(keys.meta, 'head', JSON.stringify(head)).pexpire(keys.meta, KEEP_MS));
      } catch (error) {
        client.del(keys.meta, keys.rows, keys.changing).catch(() => undefined);
        throw unavailable(error);
      }
    },

    get: (id) =>
      guarded(async () => {
        const [head, apply] = await client.hmget(keysOf(id).meta, 'head', 'apply');
        if (head == null) return null;
        const stored: StoredImport = {
          ...(JSON.parse(head) as ImportHead),
          apply: apply == null ? null : (JSON.parse(apply) as ApplyState),
        };
        return stored;
      }),

    rows: (id, from, to) =>
      guarded(async () => {
        if (to <= from) return [];
        const items = await client.lrange(keysOf(id).rows, from, to - 1);
        return items.map((item) => JSON.parse(item) as PreviewRow);
      }),

    async *changing(head, batch) {
      const key = keysOf(head.id).changing;
      for (let at = 0; at < head.changingCount; at += batch) {
        const items = await guarded(() => client.lrange(key, at, at + batch - 1));
        // Fewer rows than the plan counted: the import expired or was deleted under the apply.
        if (items.length !== Math.min(batch, head.changingCount - at)) throw new ImportError(IMPORT_EXPIRED);
        yield items.map((item) => JSON.parse(item) as FileRecord);
      }
    },

    claim: (id, apply) =>
      guarded(async () => {
        const claimed = await setApply(id, 'claim', apply);
        const result: ClaimResult = claimed === 1 ? 'claimed' : claimed === 0 ? 'applied' : 'gone';
        return result;
      }),

    progress: (id, apply) =>
      guarded(async () => {
        await setApply(id, 'progress', apply);
      }),
  };
}
