import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAdmin } from './panel-client.ts';
import { scaled } from './scale.ts';
import {
  scratchPostgres,
  scratchRedisPrefix,
  sharedSiteEnv,
  startServer,
  type ServerProcess,
} from './server-processes.ts';
import { POSTGRES, REDIS } from '../helpers/services.ts';

/**
 * Background work and limits across instances (issue 35): two real server processes on one
 * PostgreSQL database and one Redis prefix. A link job on A survives B's restart and B refuses a
 * second one; A killed mid-job has its job shown interrupted by B within the lease, and a new job
 * starts; per-admin limits hit on both instances at once allow exactly the limit.
 */
const USERNAME = 'jobs-admin';
const PASSWORD = 'two-instances-jobs-password';
const API = '/arguscreative/words';
/** The jobs' lease (server/api/jobs/leased-jobs.ts JOB_TIMING): a dead owner's job within 20 s. */
const DEAD_JOB_SEEN_MS = 15_000 + 5_000;
const GROUPS = scaled(1_500, 6_000);
const WORDS = scaled(20_000, 60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const word = (length: number) =>
  Array.from({ length }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');

/** A language, a stage of seven-letter groups and a dictionary, written as a bulk load would. */
async function seed(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const language = await client.query(`insert into languages (language) values ('English') returning id`);
    const stage = await client.query(`insert into stages (letter_count, number) values (7, 1) returning id`);
    const [languageId, stageId] = [language.rows[0].id as number, stage.rows[0].id as number];
    const words = Array.from({ length: WORDS }, (_, i) => word(3 + (i % 4)));
    await client.query(
      `insert into words (letters, language_id) select distinct w, $2::int from unnest($1::text[]) as w`,
      [words, languageId],
    );
    const groups = Array.from({ length: GROUPS }, () => word(7));
    await client.query(
      `insert into letter_groups (letters, language_id, stage_id)
       select distinct g, $2::int, $3::int from unnest($1::text[]) as g`,
      [groups, languageId, stageId],
    );
    return stageId;
  } finally {
    await client.end();
  }
}

/** The content API as a script calls it: one admin's bearer token, JSON in and out. */
function apiClient(token: string) {
  return async (server: ServerProcess, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${API}/${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}

async function login(server: ServerProcess, recoveryCode: string): Promise<string> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${server.url}${API}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { accessToken: string } }));
  const first = await post('auth/login', { username: USERNAME, password: PASSWORD });
  const second = await post(
    'auth/verify-otp',
    { username: USERNAME, otp: recoveryCode },
    first.body.accessToken,
  );
  if (second.status !== 200) throw new Error(`login failed: ${second.status}`);
  return second.body.accessToken;
}

describe.skipIf(!POSTGRES || !REDIS)('jobs and limits across two instances', () => {
  let db: Awaited<ReturnType<typeof scratchPostgres>>;
  const redis = scratchRedisPrefix();
  let env: Record<string, string>;
  let a: ServerProcess;
  let b: ServerProcess;
  let stageId: number;
  let call: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    db = await scratchPostgres();
    env = {
      ...sharedSiteEnv(db.url, redis, { username: USERNAME, password: PASSWORD }),
      DEMO_CONTENT: 'false',
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    const codes = await enrolAdmin(a.url, USERNAME, PASSWORD);
    call = apiClient(await login(a, codes[0]!));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
    await redis.drop();
  });

  it('per-admin limits hit on both instances at once allow exactly the limit', async () => {
    // The health report: 60 a minute per admin; the difficulty figures: 120 a minute.
    const stage = await call(a, 'POST', 'stages/cms', { letterCount: 7, number: 99 });
    const limits = [
      { path: 'health/cms', limit: 60 },
      { path: `levels/cms/difficulty?stageId=${String(stage.body.id)}`, limit: 120 },
    ];
    for (const { path, limit } of limits) {
      const calls = Array.from({ length: limit + 30 }, (_, i) => call(i % 2 ? b : a, 'GET', path));
      const statuses = (await Promise.all(calls)).map((res) => res.status);
      expect(statuses.filter((s) => s === 200).length, `${path}: ${statuses.join(' ')}`).toBe(limit);
      expect(statuses.filter((s) => s === 429).length, path).toBe(30);
    }
  });

  /** Every status either instance shows for the job, and when, polled until it is finished. */
  async function watch(
    id: number,
    servers: () => ServerProcess[],
    seen: Array<{ status: string; at: number }>,
  ): Promise<string> {
    for (;;) {
      for (const server of servers()) {
        const job = await call(server, 'GET', `letter-groups/cms/link-jobs/${id}`).catch(() => null);
        if (job?.status === 200) seen.push({ status: String(job.body.status), at: Date.now() });
      }
      const last = seen.at(-1)?.status;
      if (last && !['queued', 'running'].includes(last)) return last;
      await sleep(100);
    }
  }

  it(
    "a job on A goes on through B's restart: never shown interrupted, and B refuses a second",
    async () => {
      stageId = await seed(db.url);
      const started = await call(a, 'POST', 'letter-groups/cms/link-jobs', { where: { stageId } });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const id = started.body.id as number;
      const seen: Array<{ status: string; at: number }> = [];
      let restarting = true;
      const watching = watch(id, () => (restarting ? [a] : [a, b]), seen);

      await b.stop();
      b = await startServer(env);
      const backAt = Date.now();
      restarting = false;
      // B is up again, with A's job still under way: B leaves it alone and refuses another.
      const onB = await call(b, 'GET', `letter-groups/cms/link-jobs/${id}`);
      expect(onB.body.status).toBe('running');
      const second = await call(b, 'POST', 'letter-groups/cms/link-jobs', { where: { stageId } });
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(
        `Link job ${id} is still running: wait for it to finish before starting another.`,
      );
      expect(await watching).toBe('done');
      expect(seen.map(({ status }) => status)).not.toContain('interrupted');
      // At full length the job outlives a whole lease after B is back: B's sweeps saw A's renewals.
      const lastRunning = Math.max(...seen.filter(({ status }) => status === 'running').map(({ at }) => at));
      expect(lastRunning - backAt).toBeGreaterThan(scaled(0, DEAD_JOB_SEEN_MS));
      const done = await call(b, 'GET', `letter-groups/cms/link-jobs/${id}`);
      expect(done.body).toMatchObject({ status: 'done', done: done.body.total, error: null });
      expect((done.body.result as { created: number }).created).toBeGreaterThan(0);
    },
    scaled(120_000, 600_000),
  );

  it(
    'A killed mid-job: B shows the job interrupted within the lease, then starts a new one',
    async () => {
      // Letters reused: words the first job left out, so this one writes links for a while too.
      const job = await call(a, 'POST', 'letter-groups/cms/link-jobs', {
        where: { stageId },
        reuseLetters: true,
      });
      expect(job.status, JSON.stringify(job.body)).toBe(202);
      const id = job.body.id as number;
      for (;;) {
        const now = await call(b, 'GET', `letter-groups/cms/link-jobs/${id}`);
        if (now.body.status === 'running' && Number(now.body.done) > 0) break;
        expect(['queued', 'running']).toContain(now.body.status);
        await sleep(50);
      }
      a.child.kill('SIGKILL');
      const killedAt = Date.now();
      await a.exited;
      let status = '';
      while (status !== 'interrupted' && Date.now() - killedAt < DEAD_JOB_SEEN_MS + 10_000) {
        status = String((await call(b, 'GET', `letter-groups/cms/link-jobs/${id}`)).body.status);
        if (status !== 'interrupted') await sleep(250);
      }
      const seenAfter = Date.now() - killedAt;
      expect(status).toBe('interrupted');
      expect(seenAfter).toBeLessThanOrEqual(DEAD_JOB_SEEN_MS + 1_000);
      const interrupted = await call(b, 'GET', `letter-groups/cms/link-jobs/${id}`);
      expect(interrupted.body.error).toMatch(/server stopped/);
      // The table is free again: a new job starts on B and finishes there.
      const again = await call(b, 'POST', 'letter-groups/cms/link-jobs', { where: { stageId } });
      expect(again.status, JSON.stringify(again.body)).toBe(202);
      expect(await watch(again.body.id as number, () => [b], [])).toBe('done');
      a = await startServer(env);
    },
    scaled(120_000, 600_000),
  );
});
