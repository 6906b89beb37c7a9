import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../tests/helpers/databases.ts';
import { resetAdminTwoFactor } from '../../admin/admins.ts';
import { enrolledAdmin, PREFIX, PROBE, startAuthApp, type AuthTestApp } from './test-app.ts';

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

  it('answers 403 to a user who is no longer an admin, inactive or deleted', async () => {
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
    for (const user of [demoted, inactive, deleted]) {
      const res = await probe(user.accessToken);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: expect.stringMatching(/admin/i) });
    }
  });

  it('answers 403 when two-factor is no longer marked on the user', async () => {
    const admin = await enrolledAdmin(h);
    expect((await probe(admin.accessToken)).status).toBe(200);
    await h.database.db.updateTable('users').set({ isTwoFa: no() }).where('id', '=', admin.userId).execute();
    expect((await probe(admin.accessToken)).status).toBe(403);
  });

  it('answers 401 after a two-factor reset (sessions end)', async () => {
    const admin = await enrolledAdmin(h);
    expect((await probe(admin.accessToken)).status).toBe(200);
    await resetAdminTwoFactor(h.database, admin.username);
    expect((await probe(admin.accessToken)).status).toBe(401);
  });
});
