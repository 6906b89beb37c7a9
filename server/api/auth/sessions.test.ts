import { register } from 'prom-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../tests/helpers/databases.ts';
import {
  enrolledAdmin,
  PREFIX,
  PROBE,
  startAuthApp,
  type AuthTestApp,
} from '../../../tests/helpers/auth-test-app.ts';

describe.each(DIALECTS)('refresh-token and logout (%s)', (dialect) => {
  let h: AuthTestApp;
  beforeAll(async () => {
    h = await startAuthApp(dialect);
  });
  afterAll(() => h.close());

  const refresh = (token: string) =>
    request(h.app).get(`${PREFIX}/auth/refresh-token`).set('Authorization', `Bearer ${token}`);
  const probe = (token: string) => request(h.app).get(PROBE).set('Authorization', `Bearer ${token}`);
  const logout = (token?: string, body?: object) => {
    const req = request(h.app).post(`${PREFIX}/auth/logout`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return body ? req.send(body) : req;
  };

  it('rotates the refresh token and issues a working access token', async () => {
    const admin = await enrolledAdmin(h);
    const res = await refresh(admin.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(res.body.refreshToken).not.toBe(admin.refreshToken);
    expect(res.body.accessToken).not.toBe(admin.accessToken);
    expect((await probe(res.body.accessToken)).status).toBe(200);
    expect((await refresh(res.body.refreshToken)).status).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is presented again after the grace window', async () => {
    const admin = await enrolledAdmin(h);
    const rotated = await refresh(admin.refreshToken);
    expect(rotated.status).toBe(200);
    h.at(h.now + 10_001);
    const reuse = await refresh(admin.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: expect.any(String) });
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    expect((await probe(rotated.body.accessToken)).status).toBe(401);
    expect((await probe(admin.accessToken)).status).toBe(401);
    const events = await register.getSingleMetricAsString('argus_security_events_total');
    expect(events).toMatch(/argus_security_events_total\{event="auth.refresh_reuse"\} [1-9]/);
  });

  it('gives the same new pair again within the grace window, so concurrent refreshes keep the session', async () => {
    const admin = await enrolledAdmin(h);
    const [first, second] = await Promise.all([refresh(admin.refreshToken), refresh(admin.refreshToken)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    h.at(h.now + 10_000);
    const late = await refresh(admin.refreshToken);
    expect(late.body).toEqual(first.body);
    expect((await probe(first.body.accessToken)).status).toBe(200);
    // The new refresh token rotates as usual; the old one is still refused after the window.
    const next = await refresh(first.body.refreshToken);
    expect(next.status).toBe(200);
    expect((await probe(next.body.accessToken)).status).toBe(200);
  });

  it('refuses access tokens, unknown tokens and a missing bearer', async () => {
    const admin = await enrolledAdmin(h);
    expect((await refresh(admin.accessToken)).status).toBe(401);
    expect((await refresh('A'.repeat(43))).status).toBe(401);
    expect((await request(h.app).get(`${PREFIX}/auth/refresh-token`)).status).toBe(401);
    // The access token was not harmed by being misused.
    expect((await probe(admin.accessToken)).status).toBe(200);
  });

  it('access tokens last ACCESS_TOKEN_TTL (15 minutes); the session REFRESH_TOKEN_TTL (12 hours), however often it is refreshed', async () => {
    const admin = await enrolledAdmin(h);
    const start = h.now;
    h.at(start + 15 * 60_000 - 1);
    expect((await probe(admin.accessToken)).status).toBe(200);
    h.at(start + 15 * 60_000);
    expect((await probe(admin.accessToken)).status).toBe(401);

    let token = admin.refreshToken;
    for (let hour = 1; hour < 12; hour++) {
      h.at(start + hour * 60 * 60_000);
      const res = await refresh(token);
      expect(res.status).toBe(200);
      token = res.body.refreshToken;
    }
    h.at(start + 12 * 60 * 60_000);
    expect((await refresh(token)).status).toBe(401);
  });

  it('stops refreshing for an admin who was deactivated', async () => {
    const admin = await enrolledAdmin(h);
    await h.database.db
      .updateTable('users')
      .set({ isActive: dialect === 'sqlite' ? 0 : false })
      .where('id', '=', admin.userId)
      .execute();
    expect((await refresh(admin.refreshToken)).status).toBe(401);
  });

  it('logout with the refresh token as bearer ends the session', async () => {
    const admin = await enrolledAdmin(h);
    const res = await logout(admin.refreshToken);
    expect(res.status).toBe(204);
    expect((await probe(admin.accessToken)).status).toBe(401);
    expect((await refresh(admin.refreshToken)).status).toBe(401);
    // Twice is fine.
    expect((await logout(admin.refreshToken)).status).toBe(204);
  });

  it('logout with the refresh token in the body ends only that session', async () => {
    const one = await enrolledAdmin(h);
    const other = await enrolledAdmin(h);
    const res = await logout(one.accessToken, { refreshToken: one.refreshToken });
    expect(res.status).toBe(204);
    expect((await refresh(one.refreshToken)).status).toBe(401);
    expect((await probe(other.accessToken)).status).toBe(200);
  });

  it('logout without a known token is 401; with a malformed body 400', async () => {
    expect((await logout()).status).toBe(401);
    expect((await logout('B'.repeat(43))).status).toBe(401);
    const bad = await logout(undefined, { refreshToken: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.refreshToken).toBeDefined();
  });

  it('stores tokens only as hashes', async () => {
    const admin = await enrolledAdmin(h);
    const rows = JSON.stringify(await h.database.db.selectFrom('authTokens').selectAll().execute());
    expect(rows).not.toContain(admin.accessToken);
    expect(rows).not.toContain(admin.refreshToken);
  });
});

describe.each(DIALECTS)('token lifetimes from ACCESS_TOKEN_TTL and REFRESH_TOKEN_TTL (%s)', (dialect) => {
  let h: AuthTestApp;
  beforeAll(async () => {
    h = await startAuthApp(dialect, { ACCESS_TOKEN_TTL: '120', REFRESH_TOKEN_TTL: '900' });
  });
  afterAll(() => h.close());

  it('ends access tokens after 2 minutes and the session after 15, as configured', async () => {
    const admin = await enrolledAdmin(h);
    const start = h.now;
    const probe = (token: string) => request(h.app).get(PROBE).set('Authorization', `Bearer ${token}`);
    h.at(start + 120_000 - 1);
    expect((await probe(admin.accessToken)).status).toBe(200);
    h.at(start + 120_000);
    expect((await probe(admin.accessToken)).status).toBe(401);
    const refreshed = await request(h.app)
      .get(`${PREFIX}/auth/refresh-token`)
      .set('Authorization', `Bearer ${admin.refreshToken}`);
    expect(refreshed.status).toBe(200);
    h.at(start + 900_000);
    const late = await request(h.app)
      .get(`${PREFIX}/auth/refresh-token`)
      .set('Authorization', `Bearer ${refreshed.body.refreshToken}`);
    expect(late.status).toBe(401);
  });
});
