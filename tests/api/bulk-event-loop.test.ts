import path from 'node:path';
import SQLite from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppHandle } from '../../server/app.ts';
import { loginAsAdmin } from '../helpers/admin-login.ts';
import { testDatabase, type TestDatabase } from '../helpers/databases.ts';
import { ADMIN, PREFIX, testConfig } from './harness.ts';

/**
 * A bulk write of 5,000 rows is SQLite work on the event loop: written in one go, every other
 * request would wait for the whole of it. Each turn of the loop while the request runs, a second
 * connection asks for SQLite's write lock: it is held (the bulk's transaction is open) in the
 * turns between its slices, and in none when a write runs start to commit without a turn.
 */
describe('a bulk write lets the event loop turn between its slices (sqlite)', () => {
  let testDb: TestDatabase;
  let handle: AppHandle;
  let token = '';

  beforeAll(async () => {
    testDb = testDatabase('sqlite');
    handle = await createApp(testConfig(testDb), { database: testDb.options });
    token = (await loginAsAdmin(handle.handler, ADMIN)).accessToken;
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  const post = (path: string, body: object) =>
    request(handle.handler).post(`${PREFIX}/${path}`).set('Authorization', `Bearer ${token}`).send(body);

  /** Turns of the event loop, while `work` runs, in which the database's write lock was held. */
  async function turnsHoldingTheLock(work: () => Promise<unknown>): Promise<number> {
    const probe = new SQLite(path.join(testDb.options.dataDir!, 'argus-words.sqlite'), { timeout: 0 });
    let held = 0;
    let running = true;
    const watch = () => {
      if (!running) return;
      try {
        probe.exec('BEGIN IMMEDIATE; ROLLBACK');
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        held++;
      }
      setImmediate(watch);
    };
    setImmediate(watch);
    try {
      await work();
    } finally {
      running = false;
      probe.close();
    }
    return held;
  }

  it('5,000 new words: the loop turns between slices; a dry run of them writes in one pass', async () => {
    const language = (await post('languages/cms', { language: 'Slices' })).body.id as number;
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      letters: `s${i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}`,
      languageId: language,
    }));
    let answer: request.Response | null = null;
    const written = await turnsHoldingTheLock(async () => {
      answer = await post('words/cms/bulk', { rows, changesOnly: true });
    });
    expect(answer!.status).toBe(200);
    expect(answer!.body.counts.created).toBe(5000);
    // Five slices of 1,000: four turns between them, at least, see the transaction open.
    expect(written).toBeGreaterThanOrEqual(4);

    // Another writer can hold the lock meanwhile: a read worker refreshes the planner's statistics
    // a second after start. Three dry runs of other new words: at least one sees no turn held.
    const checked: number[] = [];
    for (const prefix of ['t', 'u', 'v']) {
      const others = rows.map((row) => ({ ...row, letters: `${prefix}${row.letters.slice(1)}` }));
      checked.push(
        await turnsHoldingTheLock(async () => {
          answer = await post('words/cms/bulk', { rows: others, dryRun: true, changesOnly: true });
        }),
      );
      expect(answer!.body.counts.created).toBe(5000);
      if (checked.at(-1) === 0) break;
    }
    expect(Math.min(...checked)).toBe(0);
  });
});
