import { sql } from 'kysely';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../tests/helpers/databases.ts';
import { TEST_POSTGRES_URL } from '../../../tests/helpers/services.ts';
import { resetAdminTwoFactor } from '../../admin/admins.ts';
import {
  enrolledAdmin,
  PREFIX,
  PROBE,
  startAuthApp,
  type AuthTestApp,
} from '../../../tests/helpers/auth-test-app.ts';

describe.each(DIALECTS)('requireAdmin (%s)', (dialect) => {
  let h: AuthTestApp;
  beforeAll(async () => {
    h = await startAuthApp(dialect);
  });
  afterAll(() => h.close());

  const probe = (token?: string) => {
    const req = request(h.app).get(PROBE);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const no = () => (dialect === 'sqlite' ? 0 : false);
  /**
   * The answer to `token` after another client (h.database is a connection of its own) changed
   * its access: SQLite's at the next request (data_version moved); PostgreSQL's once it has
   * delivered the commit's notice to the server (server/db/access-changes.ts), waited for here.
   */
  const expectAnswer = async (token: string, status: number) => {
    if (dialect === 'sqlite') expect((await probe(token)).status).toBe(status);
    else await expect.poll(async () => (await probe(token)).status, { timeout: 5000 }).toBe(status);
    return probe(token);
  };

  it('lets an enrolled admin through and names the actor (in the audit log)', async () => {
    const admin = await enrolledAdmin(h);
    expect((await probe(admin.accessToken)).status).toBe(200);
    const created = await request(h.app)
      .post(`${PREFIX}/languages/cms`)
      .set('Authorization', `Bearer ${admin.accessToken}`)
      .send({ language: `Lang ${admin.username}` });
    expect(created.status).toBe(201);
    const audit = await request(h.app)
      .get(`${PREFIX}/audit/cms/search/?username=${admin.username}`)
      .set('Authorization', `Bearer ${admin.accessToken}`);
    expect(audit.status).toBe(200);
    expect(audit.body.content).toEqual([
      expect.objectContaining({ username: admin.username, userId: admin.userId, entityId: created.body.id }),
    ]);
  });

  it('answers 401 without a token, with an unknown one or a malformed header', async () => {
    for (const res of [
      await probe(),
      await probe('C'.repeat(43)),
      await request(h.app).get(PROBE).set('Authorization', 'Basic YWRtaW46cGFzcw=='),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  it('answers 401 for a refresh token', async () => {
    const admin = await enrolledAdmin(h);
    expect((await probe(admin.refreshToken)).status).toBe(401);
  });

  it('refuses a user who is no longer an admin, inactive or deleted: their sessions ended with them', async () => {
    const demoted = await enrolledAdmin(h);
    const inactive = await enrolledAdmin(h);
    const deleted = await enrolledAdmin(h);
    // Let through first: a verdict the server may remember must not outlive the change.
    for (const user of [demoted, inactive, deleted]) expect((await probe(user.accessToken)).status).toBe(200);
    const { db } = h.database;
    await db.updateTable('users').set({ role: 'common' }).where('id', '=', demoted.userId).execute();
    await db.updateTable('users').set({ isActive: no() }).where('id', '=', inactive.userId).execute();
    await db
      .updateTable('users')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', deleted.userId)
      .execute();
    // The change ends the account's sessions and tokens (migration 0021's trigger, issue 43): 401.
    for (const user of [demoted, inactive, deleted]) {
      const res = await expectAnswer(user.accessToken, 401);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid or expired token.' });
    }
  });

  it('answers 403 when two-factor is no longer marked on the user', async () => {
    const admin = await enrolledAdmin(h);
    expect((await probe(admin.accessToken)).status).toBe(200);
    await h.database.db.updateTable('users').set({ isTwoFa: no() }).where('id', '=', admin.userId).execute();
    await expectAnswer(admin.accessToken, 403);
  });

  it('answers 401 after a two-factor reset (sessions end)', async () => {
    const admin = await enrolledAdmin(h);
    expect((await probe(admin.accessToken)).status).toBe(200);
    await resetAdminTwoFactor(h.database, admin.username);
    await expectAnswer(admin.accessToken, 401);
  });

  it('ends access at the very next request when this server itself logs the admin out, notice or not', async () => {
    const admin = await enrolledAdmin(h);
    expect((await probe(admin.accessToken)).status).toBe(200);
    // PostgreSQL: with the table's notice switched off, only the server's own account of its
    // writes can tell it (access-changes.ts).
    const notices = (on: boolean) =>
      sql`alter table auth_tokens ${sql.raw(on ? 'enable' : 'disable')} trigger auth_tokens_access_notice`.execute(
        h.database.db,
      );
    if (dialect === 'postgres') await notices(false);
    try {
      const out = await request(h.app)
        .post(`${PREFIX}/auth/logout`)
        .set('Authorization', `Bearer ${admin.refreshToken}`);
      expect(out.status).toBe(204);
      expect((await probe(admin.accessToken)).status).toBe(401);
    } finally {
      if (dialect === 'postgres') await notices(true);
    }
  });
});

/** PostgreSQL tells the server of others' commits by notices (server/db/access-changes.ts). */
describe('requireAdmin on PostgreSQL, through a broken listening connection', () => {
  let h: AuthTestApp;
  beforeAll(async () => {
    h = await startAuthApp('postgres');
  });
  afterAll(() => h.close());
  const probe = (token: string) => request(h.app).get(PROBE).set('Authorization', `Bearer ${token}`);

  const schema = async () =>
    (await sql<{ name: string }>`select current_schema() as name`.execute(h.database.db)).rows[0]!.name;
  const listeners = async () => {
    const found = await sql<{ pid: number }>`select pid from pg_stat_activity
        where application_name = ${`argus-words-access ${await schema()}`}`.execute(h.database.db);
    return found.rows.map((row) => row.pid);
  };
  const revokeAll = (userId: number) =>
    h.database.db.updateTable('authTokens').set({ revokedAt: h.now }).where('userId', '=', userId).execute();

  it('forgets what it remembered once its listening connection comes back (a notice may have been lost)', async () => {
    const admin = await enrolledAdmin(h);
    expect((await probe(admin.accessToken)).status).toBe(200);
    // It connects on its own after start-up: on a busy machine, maybe not yet.
    await expect.poll(async () => (await listeners()).length, { timeout: 10_000 }).toBe(1);
    const before = await listeners();
    await sql`select pg_terminate_backend(pid) from unnest(${before}::int[]) as pid`.execute(h.database.db);
    // Revoked while nobody listens: its notice reaches no one.
    await revokeAll(admin.userId);
    await expect
      .poll(async () => (await listeners()).filter((pid) => !before.includes(pid)).length, {
        timeout: 10_000,
      })
      .toBe(1);
    expect((await probe(admin.accessToken)).status).toBe(401);
  });

  it('replaces a listening connection gone quiet (its server process frozen) within seconds', async () => {
    const admin = await enrolledAdmin(h);
    expect((await probe(admin.accessToken)).status).toBe(200);
    await expect.poll(async () => (await listeners()).length, { timeout: 10_000 }).toBe(1);
    // Listening now (its LISTEN done): the admin's lookup is remembered from here on.
    await expect
      .poll(
        async () =>
          (
            await sql<{ q: string }>`select query as q from pg_stat_activity
          where application_name = ${`argus-words-access ${await schema()}`}`.execute(h.database.db)
          ).rows[0]?.q,
      )
      .toBe('listen argus_access');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await probe(admin.accessToken)).status).toBe(200);
    const [frozen] = await listeners();
    // The listener's backend stops (as behind a half-open link): the connection neither breaks nor
    // delivers the revocation's notice. Only the probe can tell.
    process.kill(frozen!, 'SIGSTOP');
    try {
      // Revoked by another process (another instance, an operator): only a notice could tell.
      const other = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await other.connect();
      await other.query(`update ${await schema()}.auth_tokens set revoked_at = $2 where user_id = $1`, [
        admin.userId,
        h.now,
      ]);
      await other.end();
      await expect
        .poll(async () => (await probe(admin.accessToken)).status, { timeout: 15_000, interval: 250 })
        .toBe(401);
    } finally {
      process.kill(frozen!, 'SIGCONT');
    }
    await expect
      .poll(async () => (await listeners()).filter((pid) => pid !== frozen).length, { timeout: 10_000 })
      .toBe(1);
  });
});
