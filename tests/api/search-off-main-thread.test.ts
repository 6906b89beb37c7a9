import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from './harness.ts';

/**
 * better-sqlite3 is synchronous: a list that scans (a one-letter filter has no trigram to look up)
 * must run off the event loop, or every other request waits for it: the first time, and every time
 * after (a list asked again may skip the read workers only once it has proven cheap: cheap-reads.ts).
 */
describe('a slow list does not hold up other requests (sqlite)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi('sqlite');
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 400000)
      insert into users (email, username, created_at, updated_at)
      select 'player' || i || '@example.org', 'player' || i, '2025-01-01', '2025-01-01' from n`.execute(
      api.database.db,
    );
  }, 60_000);
  afterAll(async () => api?.close());

  it.each(['first', 'again'])(
    'answers the health check while a scan of 400,000 users runs (%s)',
    async () => {
      const finished: string[] = [];
      const scans = [1, 2, 3].map(() =>
        api.get('users/cms/search/?email=Q').then((res) => {
          expect(res.status).toBe(200);
          expect(res.body.totalElements).toBe(0);
          finished.push('scan');
        }),
      );
      // Let the scans reach the database before asking.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const health = request(api.app)
        .get('/healthz')
        .then((res) => {
          expect(res.status).toBe(200);
          finished.push('health');
        });
      await Promise.all([...scans, health]);
      expect(finished[0]).toBe('health');
    },
  );
});
