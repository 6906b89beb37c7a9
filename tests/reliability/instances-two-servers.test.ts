import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAdmin, PanelBrowser } from './panel-client.ts';
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
 * Two real server processes on one PostgreSQL database and one Redis prefix, no sticky sessions
 * (issue 16): sessions work on both, concurrent token refreshes on both never end a session,
 * start-up on an empty database is safe for both, and one instance dying leaves every session
 * working on the other.
 */
const USERNAME = 'ops-admin';
const PASSWORD = 'two-instances-password';
const ACCESS_TTL_S = 5;

const sharedEnv = (databaseUrl: string, redis: { url: string; prefix: string }) => ({
  ...sharedSiteEnv(databaseUrl, redis, { username: USERNAME, password: PASSWORD }),
  ACCESS_TOKEN_TTL: String(ACCESS_TTL_S),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!POSTGRES || !REDIS)('two instances, one database, one Redis', () => {
  let db: Awaited<ReturnType<typeof scratchPostgres>>;
  const redis = scratchRedisPrefix();
  let a: ServerProcess;
  let b: ServerProcess;
  const browsers: PanelBrowser[] = [];

  beforeAll(async () => {
    db = await scratchPostgres();
    const env = { ...sharedEnv(db.url, redis), DEMO_CONTENT: 'false' };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    const codes = await enrolAdmin(a.url, USERNAME, PASSWORD);
    // Each browser logs in on one instance, alternately: none is tied to where it logged in.
    for (let i = 0; i < 5; i++) {
      const browser = new PanelBrowser();
      await browser.login(i % 2 ? b.url : a.url, USERNAME, PASSWORD, codes[i]!);
      browsers.push(browser);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
    await redis.drop();
  });

  it('serves a session made on one instance on the other', async () => {
    for (const browser of browsers) {
      expect(await browser.search(a.url)).toBe(200);
      expect(await browser.search(b.url)).toBe(200);
      expect(await browser.state(b.url)).toBe('logged-in');
    }
  });

  it(
    'refreshes each expired session once across both instances: no session is lost',
    async () => {
      const rounds = scaled(2, 10); // 5 sessions × rounds = forced simultaneous refreshes (50 in full)
      const statuses: number[] = [];
      for (let round = 0; round < rounds; round++) {
        await sleep(ACCESS_TTL_S * 1000 + 300); // every session's access token has now expired
        const calls = browsers.flatMap((browser) => [
          browser.search(a.url),
          browser.search(b.url),
          browser.search(a.url, 'words'),
          browser.search(b.url, 'words'),
        ]);
        statuses.push(...(await Promise.all(calls)));
      }
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      for (const browser of browsers) expect(await browser.state(a.url)).toBe('logged-in');
      expect(a.output() + b.output()).not.toContain('panel token refresh refused');
      expect(a.output() + b.output()).not.toContain('auth.refresh_reuse');
    },
    scaled(60_000, 300_000),
  );

  it('shares the login rate limits between instances', async () => {
    const wrong = (url: string) =>
      fetch(`${url}/arguscreative/words/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'nobody-here', password: 'wrong-password-123' }),
      }).then((res) => res.status);
    // The account's progressive delay starts after 5 failures, counted across both instances.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await wrong(i % 2 ? b.url : a.url));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(await wrong(a.url)).toBe(429);
    expect(await wrong(b.url)).toBe(429);
  });

  it('carries every session on the other instance when one is killed mid-load', async () => {
    const load = Promise.all(
      browsers.map(async (browser) => {
        for (let i = 0; i < 20; i++) await browser.search(i % 2 ? b.url : a.url).catch(() => 0);
      }),
    );
    await sleep(200);
    b.child.kill('SIGKILL');
    await load;
    await b.exited;
    await sleep(ACCESS_TTL_S * 1000 + 300); // and the survivor refreshes on its own
    for (const browser of browsers) {
      expect(await browser.search(a.url)).toBe(200);
      expect(await browser.state(a.url)).toBe('logged-in');
    }
  });
});

describe.skipIf(!POSTGRES || !REDIS)('two instances started at the same moment on an empty database', () => {
  const rounds = scaled(1, 3);
  for (let round = 1; round <= rounds; round++) {
    it(`both come up and serve (round ${round} of ${rounds})`, async () => {
      const db = await scratchPostgres();
      const redis = scratchRedisPrefix();
      const env = { ...sharedEnv(db.url, redis), DEMO_CONTENT: 'true' };
      const started = await Promise.allSettled([startServer(env), startServer(env)]);
      try {
        const failures = started.filter((s) => s.status === 'rejected').map((s) => String(s.reason));
        expect(failures).toEqual([]);
        for (const s of started) {
          const server = (s as PromiseFulfilledResult<ServerProcess>).value;
          const login = await fetch(`${server.url}/arguscreative/words/auth/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
          });
          expect(login.status).toBe(200);
          expect((await fetch(`${server.url}/`)).status).toBe(200);
        }
        // One first admin and one set of demo content, not two.
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        const admins = await client.query("select count(*)::int as n from users where role = 'admin'");
        const languages = await client.query('select language from languages order by id');
        await client.end();
        expect(admins.rows[0].n).toBe(1);
        const names = languages.rows.map((r) => r.language as string);
        expect(names).toContain('English');
        expect(new Set(names).size).toBe(names.length);
      } finally {
        await Promise.all(
          started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : Promise.resolve())),
        );
        await db.drop();
        await redis.drop();
      }
    }, 120_000);
  }
});
