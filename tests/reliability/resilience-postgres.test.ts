import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithAdmin } from './admin-server.ts';
import type { PanelBrowser } from './panel-client.ts';
import { scaled } from './scale.ts';
import { scratchPostgres, type ServerProcess } from './server-processes.ts';
import { POSTGRES } from '../helpers/services.ts';

/**
 * PostgreSQL drops the server's connections mid-load (pg_terminate_backend of every one of them,
 * as a restart or a failover does): the process survives, the requests in flight get a 503 naming
 * the database (never a 500), nothing written is lost or doubled, and service recovers by itself.
 */
const USERNAME = 'pg-fault-admin';
const PASSWORD = 'pg-fault-password-1';

describe.skipIf(!POSTGRES)('PostgreSQL connections terminated under load', () => {
  let db: Awaited<ReturnType<typeof scratchPostgres>>;
  let server: ServerProcess;
  let browser: PanelBrowser;

  beforeAll(async () => {
    db = await scratchPostgres();
    ({ server, browser } = await startServerWithAdmin(USERNAME, PASSWORD, { DATABASE_URL: db.url }));
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  async function terminateAll(): Promise<number> {
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const { rows } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    return rows.length;
  }

  it('survives, answers 503 at worst, loses and doubles nothing, and recovers', async () => {
    const created = new Map<string, number>();
    const statuses: number[] = [];
    const until = Date.now() + scaled(6_000, 60_000);
    let terminations = 0;
    const killer = (async () => {
      while (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        terminations += await terminateAll();
      }
    })();
    const workers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; Date.now() < until; i++) {
        const name = `Lang-${w}-${i}-${randomBytes(3).toString('hex')}`;
        const res = await browser.create(server.url, 'languages', { language: name, isActive: true });
        statuses.push(res.status);
        if (res.status === 200 || res.status === 201) created.set(name, res.body.id!);
        else expect(res.status, JSON.stringify(res.body)).toBe(503);
        if (res.status === 503) expect(res.body.message).toMatch(/database is unavailable.*request/i);
        statuses.push(await browser.search(server.url));
      }
    });
    await Promise.all([killer, ...workers]).catch((error) => {
      throw new Error(`${String(error)}\n--- server output ---\n${server.output().slice(-3000)}`);
    });
    expect(terminations).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    expect(statuses.filter((s) => s !== 200 && s !== 201 && s !== 503)).toEqual([]);
    // No raw stack trace (an uncaught 57P01 prints one, its lines starting "    at ").
    expect(server.output()).not.toMatch(/Unhandled 'error' event|57P01.*\n\s+at /);

    // Recovered by itself: every call works again (a pooled connection killed in the last moment
    // may still answer one 503 with Retry-After), and every acknowledged write is there once.
    await expect.poll(() => browser.search(server.url), { timeout: 10_000 }).toBe(200);
    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    const { rows } = await check.query('select id, language from languages');
    await check.end();
    const byName = new Map<string, number[]>();
    for (const row of rows) byName.set(row.language, [...(byName.get(row.language) ?? []), row.id]);
    for (const [name, id] of created) expect(byName.get(name)).toEqual([id]);
    expect(created.size).toBeGreaterThan(0);
  }, 120_000);
});
