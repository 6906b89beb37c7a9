import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { testDatabase, type TestDatabase } from '../helpers/databases.ts';
import { POSTGRES, REDIS, TEST_REDIS_URL as REDIS_URL } from '../helpers/services.ts';
import { CSRF, PANEL, panelCookie, readPanelAuth, totpCode } from './helpers.ts';

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };

describe.skipIf(!POSTGRES || !REDIS)('two server instances sharing Redis and PostgreSQL', () => {
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  // Lazy: a suite skipped for want of Redis never connects.
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    database = testDatabase('postgres');
    const env = {
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      SESSION_SECRET: randomBytes(32).toString('base64'),
      SECRETS_KEY: randomBytes(32).toString('base64'),
      TRUST_PROXY: '1',
    };
    one = await startTestApp(env, { database: database.options });
    two = await startTestApp(env, { database: database.options });
  });
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await database?.drop();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('serves a session made on one instance on the other, through every step', async () => {
    const login = await request(one.handler).post(`${PANEL}/session/login`).set(CSRF).send(ADMIN);
    expect(login.status).toBe(200);
    const pendingCookie = panelCookie(login)!;
    const { qrCodeUrl } = (await readPanelAuth(two, pendingCookie))!;

    const status = await request(two.handler).get(`${PANEL}/session`).set('Cookie', pendingCookie);
    expect(status.body).toMatchObject({ state: 'two-factor', username: 'admin', hasQrCode: true });

    const verify = await request(two.handler)
      .post(`${PANEL}/session/verify-otp`)
      .set(CSRF)
      .set('Cookie', pendingCookie)
      .send({ otp: totpCode(qrCodeUrl!, Date.now()) });
    expect(verify.status).toBe(200);
    const cookie = panelCookie(verify)!;

    const created = await request(one.handler)
      .post(`${PANEL}/api/languages/cms`)
      .set(CSRF)
      .set('Cookie', cookie)
      .send({ language: 'Klingon' });
    expect(created.status).toBe(201);
    const found = await request(two.handler)
      .get(`${PANEL}/api/languages/cms/${created.body.id}`)
      .set('Cookie', cookie);
    expect(found.status).toBe(200);
    expect(found.body.language).toBe('Klingon');

    // The session lives in Redis under this deployment's prefix, not in either instance.
    expect((await redis.keys(`${prefix}sess:*`)).length).toBeGreaterThan(0);

    const logout = await request(two.handler).post(`${PANEL}/session/logout`).set(CSRF).set('Cookie', cookie);
    expect(logout.status).toBe(204);
    const replay = await request(one.handler).get(`${PANEL}/api/languages/cms/search/`).set('Cookie', cookie);
    expect(replay.status).toBe(401);
  });

  it('counts failed logins in Redis, across instances', async () => {
    const wrong = { username: 'admin', password: 'wrong-password-here' };
    for (const app of [one, two]) {
      const res = await request(app.handler)
        .post(`${PANEL}/session/login`)
        .set(CSRF)
        .set('X-Forwarded-For', '203.0.113.7')
        .send(wrong);
      expect(res.status).toBe(401);
    }
    // A caller of the raw API cannot pose as the proxy to pick its counter.
    await request(one.handler)
      .post('/arguscreative/words/auth/login')
      .set('X-Argus-Client-Ip', '198.51.100.1')
      .set('X-Argus-Internal-Key', 'guess')
      .send(wrong);
    const keys = await redis.keys(`${prefix}rl:login*`);
    // Both failures landed on one counter, keyed by the browser's address (not the proxy's own).
    const browserKeys = keys.filter((key) => key.includes('203.0.113.7|admin'));
    expect(browserKeys).toHaveLength(1);
    expect(await redis.get(browserKeys[0]!)).toBe('2');
    expect(keys.some((key) => key.includes('198.51.100.1'))).toBe(false);
  });
});
