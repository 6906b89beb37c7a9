import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapReads, readCost } from './cheap-reads.ts';
import { createReadPool, type ReadPool } from './read-pool.ts';

// Two million recursive steps of SQLite work: far past SLOW_MS anywhere.
const SCAN = CompiledQuery.raw(
  'with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000000) select count(*) as n from n',
);
const SMALL = CompiledQuery.raw('select id, letters from words where id = ?', [2]);

/**
 * Whether `work` ran on the main thread: then its answer is there after a few microtasks, while a
 * worker's answer needs a turn of the event loop (its message) however quick the worker.
 */
async function ranOnMainThread(work: () => Promise<unknown>): Promise<boolean> {
  let settled = false;
  const answer = work().then(() => (settled = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  const onMain = settled;
  await answer;
  return onMain;
}

describe('SQLite reads proven cheap run on the main thread, the others in a worker', () => {
  let dir: string;
  let reader: SQLite.Database;
  let pool: ReadPool;
  let read: ReturnType<typeof cheapReads>;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cheap-reads-'));
    const file = path.join(dir, 'test.sqlite');
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec(
      "create table words (id integer primary key, letters text); insert into words (letters) values ('cat'), ('dog')",
    );
    writer.close();
    reader = new SQLite(file, { readonly: true });
    pool = createReadPool(file, 1);
    read = cheapReads(reader, pool);
  });
  afterAll(async () => {
    await pool.close();
    reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a small read goes to a worker first, then stays on the main thread with the same rows', async () => {
    const cost = readCost();
    expect(await ranOnMainThread(() => read(SMALL, cost))).toBe(false);
    expect(cost.cheap).toBe(true);
    let rows: unknown[] = [];
    expect(await ranOnMainThread(async () => (rows = await read(SMALL, cost)))).toBe(true);
    expect(rows).toEqual([{ id: 2, letters: 'dog' }]);
  });

  it('a slow read never leaves the workers, however often it is asked', async () => {
    const cost = readCost();
    for (let i = 0; i < 2; i++) {
      expect(await ranOnMainThread(() => read(SCAN, cost))).toBe(false);
      expect(cost.cheap).toBe(false);
    }
  });

  it('a read that has grown slow on the main thread goes back to the workers', async () => {
    const cost = { cheap: true }; // as if it had been small before its data grew
    expect(await read(SCAN, cost)).toEqual([{ n: 2_000_000 }]);
    expect(cost.cheap).toBe(false);
    expect(await ranOnMainThread(() => read(SCAN, cost))).toBe(false);
  });

  it('a read that fails on the main thread is asked of a worker, whose answer is the one given', async () => {
    const cost = { cheap: true };
    const broken = CompiledQuery.raw('select letters from no_such_table');
    await expect(read(broken, cost)).rejects.toThrow(/no such table: no_such_table/);
    expect(cost.cheap).toBe(false);
  });

  it('without a cost every read goes to a worker', async () => {
    expect(await ranOnMainThread(() => read(SMALL))).toBe(false);
    expect(await ranOnMainThread(() => read(SMALL))).toBe(false);
  });
});
