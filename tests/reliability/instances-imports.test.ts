import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAdmin, PANEL, PanelBrowser } from './panel-client.ts';
import {
  scratchPostgres,
  scratchRedisPrefix,
  sharedSiteEnv,
  startServer,
  type ServerProcess,
} from './server-processes.ts';
import { POSTGRES, REDIS } from '../helpers/services.ts';
import type { ImportSummary } from '../../client/admin/import/import-api.ts';

/**
 * The panel's import across two real server processes on one PostgreSQL database and one Redis
 * prefix, no sticky sessions (issue 35): uploaded on one instance, previewed, applied and polled on
 * either; applied once however many instances are asked at once; seen by its own session only.
 */
const USERNAME = 'ops-admin';
const PASSWORD = 'two-instances-import-password';

/** The import endpoints' answer, as the screen reads it, or their one-line error. */
type Summary = ImportSummary & { message?: string };

/** The import screen's calls (client/admin/import/import-api.ts): CSRF header on the POSTs. */
async function call(
  browser: PanelBrowser,
  base: string,
  path: string,
  method: 'GET' | 'POST' = 'GET',
  body?: string,
): Promise<{ status: number; body: Summary }> {
  const response = await fetch(`${base}${PANEL}/imports/${path}`, {
    method,
    headers: {
      Cookie: browser.cookie,
      Accept: 'application/json',
      ...(method === 'POST'
        ? { 'X-Argus-CSRF': '1', 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/octet-stream' }
        : {}),
    },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: (await response.json()) as Summary };
}

/** A words-table CSV of `count` distinct words starting with `prefix`; every 100th row is refused. */
function wordsCsv(prefix: string, count: number, languageId: number): string {
  const lines = ['letters,languageId'];
  for (let i = 0; i < count; i++) {
    const letters = `${prefix}${i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}`;
    lines.push(i % 100 === 99 ? `not a word ${i},${languageId}` : `${letters},${languageId}`);
  }
  return lines.join('\n');
}

describe.skipIf(!POSTGRES || !REDIS)('panel imports across two instances, one database, one Redis', () => {
  let db: Awaited<ReturnType<typeof scratchPostgres>>;
  const redis = scratchRedisPrefix();
  let a: ServerProcess;
  let b: ServerProcess;
  const admin = new PanelBrowser();
  const stranger = new PanelBrowser();
  let languageId = 0;

  beforeAll(async () => {
    db = await scratchPostgres();
    const env = {
      ...sharedSiteEnv(db.url, redis, { username: USERNAME, password: PASSWORD }),
      DEMO_CONTENT: 'false',
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    const codes = await enrolAdmin(a.url, USERNAME, PASSWORD);
    // One cookie jar used against both instances; a second session of the same admin elsewhere.
    await admin.login(a.url, USERNAME, PASSWORD, codes[0]!);
    await stranger.login(b.url, USERNAME, PASSWORD, codes[1]!);
    const created = await admin.create(b.url, 'languages', { language: 'Importish', isActive: true });
    expect(created.status).toBe(201);
    languageId = created.body.id!;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
    await redis.drop();
  });

  const wordCount = async (base: string, letters: string) => {
    const query = new URLSearchParams({ letters, size: '1' });
    const res = await fetch(`${base}${PANEL}/api/words/cms/search/?${query}`, {
      headers: { Cookie: admin.cookie },
    });
    return ((await res.json()) as { totalElements: number }).totalElements;
  };

  it('uploaded on A, previewed and applied on B while A answers the progress polls', async () => {
    const csv = wordsCsv('zqk', 6000, languageId);
    const upload = await call(admin, a.url, '?table=words&name=words.csv', 'POST', csv);
    expect(upload.status).toBe(201);
    const plan = upload.body;
    expect(plan.counts).toEqual({ created: 5940, updated: 0, unchanged: 0, rejected: 60 });
    expect(plan.totalPages).toBe(120);

    // Preview pages on the other instance: 50 rows each, in line order (line 1 is the header).
    const page1 = await call(admin, b.url, `${plan.id}?page=1`);
    const page2 = await call(admin, b.url, `${plan.id}?page=2`);
    expect([page1.status, page2.status]).toEqual([200, 200]);
    expect(page1.body.rows).toEqual(plan.rows);
    expect(page2.body.page).toBe(2);
    expect(page2.body.rows.map((r) => r.line)).toEqual(Array.from({ length: 50 }, (_, i) => i + 52));
    expect(page1.body.rows[49]).toMatchObject({ line: 51, status: 'created', row: { languageId } });
    expect(page2.body.rows[49]).toMatchObject({ line: 101, status: 'rejected' });

    // Apply on B; the page's polls land on A and see the progress B saves after each chunk.
    const seen: Array<{ status: number; state: string | null; done: number }> = [];
    let applying = true;
    const polls = (async () => {
      while (applying) {
        const poll = await call(admin, a.url, plan.id);
        seen.push({
          status: poll.status,
          state: poll.body.apply?.state ?? null,
          done: poll.body.apply?.done ?? 0,
        });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const applied = await call(admin, b.url, `${plan.id}/apply`, 'POST');
    applying = false;
    await polls;
    expect(applied.status).toBe(200);
    expect(applied.body.apply).toMatchObject({
      state: 'done',
      done: 5940,
      total: 5940,
      counts: { created: 5940, updated: 0, unchanged: 0, rejected: 60 },
    });
    expect(seen.filter((s) => s.status !== 200)).toEqual([]);
    // Part-way progress (a chunk of 2,500 rows done), written by B, read on A.
    expect(seen.some((s) => s.state === 'running' && s.done > 0 && s.done < 5940)).toBe(true);
    const dones = seen.map((s) => s.done);
    expect(dones).toEqual([...dones].sort((x, y) => x - y));

    // On A: the final state, the rows, and a second apply refused.
    const after = await call(admin, a.url, plan.id);
    expect(after.body.apply).toMatchObject({ state: 'done', done: 5940 });
    expect(await wordCount(a.url, 'zqk')).toBe(5940);
    const again = await call(admin, a.url, `${plan.id}/apply`, 'POST');
    expect(again).toEqual({ status: 409, body: { message: 'This import was applied already.' } });
    expect(a.output() + b.output()).not.toMatch(/import (apply failed|request: a service)/);
  }, 60_000);

  it('applied at once on both instances: exactly one applies, the other answers 409', async () => {
    const plan = (
      await call(admin, b.url, '?table=words&name=w.csv', 'POST', wordsCsv('zqm', 300, languageId))
    ).body;
    expect(plan.counts.created).toBe(297);
    const answers = await Promise.all([
      call(admin, a.url, `${plan.id}/apply`, 'POST'),
      call(admin, b.url, `${plan.id}/apply`, 'POST'),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)?.body.message).toBe('This import was applied already.');
    expect(await wordCount(a.url, 'zqm')).toBe(297);
  });

  it('another session cannot see, page or apply the import, on either instance', async () => {
    const plan = (
      await call(admin, a.url, '?table=words&name=x.csv', 'POST', wordsCsv('zqn', 10, languageId))
    ).body;
    for (const base of [a.url, b.url]) {
      for (const attempt of [
        await call(stranger, base, plan.id),
        await call(stranger, base, `${plan.id}?page=1`),
        await call(stranger, base, `${plan.id}/apply`, 'POST'),
      ])
        expect(attempt).toEqual({ status: 404, body: { message: 'No such import: upload the file again.' } });
    }
    // Still the owner's, unapplied.
    expect((await call(admin, b.url, plan.id)).body.apply).toBeNull();
    expect(await wordCount(a.url, 'zqn')).toBe(0);
  });
});
