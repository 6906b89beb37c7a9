import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../tests/helpers/databases.ts';
import { createCredentialStore } from './credentials.ts';
import { hashPassword } from './passwords.ts';
import {
  codeAt,
  login,
  newAdmin,
  PASSWORD,
  PREFIX,
  PROBE,
  startAuthApp,
  startLogin,
  verify,
  type AuthTestApp,
} from '../../../tests/helpers/auth-test-app.ts';

describe.each(DIALECTS)('POST /auth/login (%s)', (dialect) => {
  let h: AuthTestApp;
  beforeAll(async () => {
    h = await startAuthApp(dialect);
  });
  afterAll(() => h.close());

  const yes = () => (dialect === 'sqlite' ? 1 : true);

  it('answers 401 with the same message for an unknown user and a wrong password', async () => {
    const { username } = await newAdmin(h);
    const unknown = await login(h, 'nobody-here');
    const wrong = await login(h, username, 'not-the-password');
    for (const res of [unknown, wrong]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'User or password not correct' });
    }
  });

  it('refuses inactive and soft-deleted users with the same 401', async () => {
    const inactive = await newAdmin(h);
    const deleted = await newAdmin(h);
    await h.database.db
      .updateTable('users')
      .set({ isActive: dialect === 'sqlite' ? 0 : false })
      .where('id', '=', inactive.userId)
      .execute();
    await h.database.db
      .updateTable('users')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', deleted.userId)
      .execute();
    for (const { username } of [inactive, deleted]) {
      const res = await login(h, username);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'User or password not correct' });
    }
  });

  it('gives an admin a two-factor token and, before enrolment, an otpauth URI', async () => {
    const { username } = await newAdmin(h);
    const res = await login(h, username);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      twoFaEnabled: true,
      username,
      accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      refreshToken: null,
      qrCodeUrl: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    const uri = new URL(res.body.qrCodeUrl);
    expect(uri.searchParams.get('issuer')).toBe('Argus Words');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    // 20 bytes = 32 base32 characters.
    expect(uri.searchParams.get('secret')).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('keeps the pending secret across logins and shows no QR code after enrolment', async () => {
    const { username } = await newAdmin(h);
    const first = await startLogin(h, username);
    const second = await login(h, username);
    expect(second.body.qrCodeUrl).toBe(first.body.qrCodeUrl);
    const enrol = await verify(h, second.body.accessToken, { otp: codeAt(first.totp, h.now), username });
    expect(enrol.status).toBe(200);
    const after = await login(h, username);
    expect(after.status).toBe(200);
    expect(after.body.twoFaEnabled).toBe(true);
    expect(after.body.qrCodeUrl).toBeNull();
  });

  it('gives a player no usable token', async () => {
    const user = await h.database.db
      .insertInto('users')
      .values({
        username: 'player-one',
        role: 'common',
        isActive: yes(),
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createCredentialStore(h.database).setPasswordHash(user.id, await hashPassword(PASSWORD));
    const res = await login(h, 'player-one');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      twoFaEnabled: false,
      username: 'player-one',
      accessToken: null,
      refreshToken: null,
      qrCodeUrl: null,
    });
  });

  it('a two-factor token is not an access token', async () => {
    const { username } = await newAdmin(h);
    const { twoFactorToken } = await startLogin(h, username);
    const probe = await request(h.app).get(PROBE).set('Authorization', `Bearer ${twoFactorToken}`);
    expect(probe.status).toBe(401);
    const refresh = await request(h.app)
      .get(`${PREFIX}/auth/refresh-token`)
      .set('Authorization', `Bearer ${twoFactorToken}`);
    expect(refresh.status).toBe(401);
  });

  it('validates the body: 400 with message and fieldErrors', async () => {
    const missing = await request(h.app).post(`${PREFIX}/auth/login`).send({ username: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: 'Password is required.',
      fieldErrors: { password: ['Password is required.'] },
    });
    const wrongType = await request(h.app)
      .post(`${PREFIX}/auth/login`)
      .send({ username: ['a'], password: 5 });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.fieldErrors).sort()).toEqual(['password', 'username']);
    const malformed = await request(h.app)
      .post(`${PREFIX}/auth/login`)
      .set('Content-Type', 'application/json')
      .send('{"username": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
  });

  it('stores an argon2id hash and only an encrypted TOTP secret', async () => {
    const { userId, username } = await newAdmin(h);
    const { totp } = await startLogin(h, username);
    const row = await h.database.db
      .selectFrom('authCredentials')
      .selectAll()
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);
    const secret = totp.secret.base32;
    expect(row.totpSecret).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.toLowerCase());
    expect(JSON.stringify(row)).not.toContain(Buffer.from(totp.secret.bytes).toString('base64'));
  });

  it('slows an account down after 5 failures, from any client, without locking it out', async () => {
    const { username } = await newAdmin(h);
    for (let i = 0; i < 12; i++) expect((await login(h, username)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(h, username, 'wrong-password')).status).toBe(401);
    const res = await login(h, username);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
    });
    // Another account from the same client is not affected.
    const other = await newAdmin(h);
    expect((await login(h, other.username)).status).toBe(200);
    // A delay, not a lock: after it, the right password gets in (and clears the count).
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after']) * 1000 + 100));
    expect((await login(h, username)).status).toBe(200);
    expect((await login(h, username, 'wrong-password')).status).toBe(401);
    expect((await login(h, username)).status).toBe(200);
  });
});

describe('password spraying', () => {
  const wrong = (h: AuthTestApp, username: string, forwardedFor?: string) => {
    const req = request(h.app).post(`${PREFIX}/auth/login`);
    if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
    return req.send({ username, password: 'spray-password-1' });
  };

  it('throttles one client trying many usernames (X-Forwarded-For ignored without TRUST_PROXY)', async () => {
    const h = await startAuthApp('sqlite');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await wrong(h, `sprayed-${i}`, `10.0.0.${i}`)).status);
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await h.close();
    }
  });

  it('throttles one account tried from many addresses behind a trusted proxy', async () => {
    const h = await startAuthApp('sqlite', { TRUST_PROXY: '1' });
    try {
      const { username } = await newAdmin(h);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await wrong(h, username, `198.51.100.${i}`)).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      // Many usernames from many addresses are not one client: no per-IP limit is reached.
      for (let i = 0; i < 35; i++) expect((await wrong(h, `other-${i}`, `203.0.113.${i}`)).status).toBe(401);
    } finally {
      await h.close();
    }
  });
});
