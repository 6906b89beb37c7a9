import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, testDatabase, type TestDatabase } from '../../../tests/helpers/databases.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { draftThreads, type DraftThread } from './draft-thread.ts';

describe.each(DIALECTS)('the draft thread on %s', (dialect) => {
  let test: TestDatabase;
  let database: DatabaseHandle;
  beforeAll(async () => {
    test = testDatabase(dialect);
    database = await openDatabase(test.options);
  });
  afterAll(async () => {
    await database?.close();
    await test?.drop();
  });

  it('checks the draft in a thread kept while in use, ended once idle, started again when asked', async () => {
    const threads = draftThreads(database, 200);
    try {
      let first: DraftThread | null = null;
      const check = await threads.use(async (thread) => {
        first = thread;
        return thread.check(Date.parse('2026-11-29T12:00:00Z'));
      });
      // An empty draft: nothing to find, nothing to diff, at the time asked.
      expect(check.findings).toEqual([]);
      expect(check.computedAt).toBe('2026-11-29T12:00:00.000Z');
      // Used again at once: the same thread.
      await threads.use(async (thread) => expect(thread).toBe(first));
      // Idle past its time: ended, and the next use starts another.
      await expect.poll(() => first!.alive, { timeout: 5000 }).toBe(false);
      await threads.use(async (thread) => {
        expect(thread).not.toBe(first);
        expect(thread.alive).toBe(true);
      });
    } finally {
      await threads.close();
    }
  });

  it('replaces a thread that ended under a task, and says why the task failed', async () => {
    const threads = draftThreads(database, 10_000);
    try {
      const failed = threads.use(async (thread) => {
        const asked = thread.check(Date.now());
        await thread.close(); // the thread ends mid-task, as when it dies
        return asked;
      });
      await expect(failed).rejects.toThrow(/The draft thread stopped/);
      const again = await threads.use((thread) => thread.check(Date.now()));
      expect(again.findings).toEqual([]);
    } finally {
      await threads.close();
    }
  });
});
