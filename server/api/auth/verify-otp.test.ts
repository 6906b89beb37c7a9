import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../tests/helpers/databases.ts';
import {
  codeAt,
  enrolledAdmin,
  newAdmin,
  PREFIX,
  PROBE,
  startAuthApp,
  startLogin,
  STEP,
  verify,
  type AuthTestApp,
} from '../../../tests/helpers/auth-test-app.ts';

const FAILED = { message: 'OTP verification failed. Please try again.' };

describe.each(DIALECTS)('POST /auth/verify-otp (%s)', (dialect) => {
  let h: AuthTestApp;
  beforeAll(async () => {
    h = await startAuthApp(dialect);
  });
  afterAll(() => h.close());

  /** A new admin's first login, with time moved to `offset` ms into a fresh step. */
  async function pending(offset = 0) {
    h.at(h.now - (h.now % STEP) + 10 * STEP + offset);
    const admin = await newAdmin(h);
    return { ...admin, ...(await startLogin(h, admin.username)) };
  }

  it('accepts the current step, enrols, and returns the session and 10 recovery codes once', async () => {
    const { username, twoFactorToken, totp } = await pending(29_000);
    const res = await verify(h, twoFactorToken, { otp: codeAt(totp, h.now), username });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: res.body.accessToken,
      accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      recoveryCodes: expect.any(Array),
    });
    expect(res.body.recoveryCodes).toHaveLength(10);
    for (const code of res.body.recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    expect(new Set(res.body.recoveryCodes).size).toBe(10);
    const probe = await request(h.app).get(PROBE).set('Authorization', `Bearer ${res.body.accessToken}`);
    expect(probe.status).toBe(200);

    h.at(h.now + STEP);
    const again = await startLogin(h, username, totp);
    const second = await verify(h, again.twoFactorToken, { otp: codeAt(totp, h.now), username });
    expect(second.status).toBe(200);
    expect(second.body.recoveryCodes).toBeUndefined();
  });

  it('marks users.isTwoFa on enrolment and stores only hashes of the recovery codes', async () => {
    const { userId, username, twoFactorToken, totp } = await pending();
    const before = await h.database.db
      .selectFrom('users')
      .select('isTwoFa')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Boolean(before.isTwoFa)).toBe(false);
    const res = await verify(h, twoFactorToken, { otp: codeAt(totp, h.now), username });
    const after = await h.database.db
      .selectFrom('users')
      .select('isTwoFa')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Boolean(after.isTwoFa)).toBe(true);
    const rows = await h.database.db
      .selectFrom('authRecoveryCodes')
      .selectAll()
      .where('userId', '=', userId)
      .execute();
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of res.body.recoveryCodes as string[]) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
    }
  });

  it('accepts a code of the previous step (at the very start of a step)', async () => {
    const { username, twoFactorToken, totp } = await pending(0);
    const res = await verify(h, twoFactorToken, { otp: codeAt(totp, h.now - STEP), username });
    expect(res.status).toBe(200);
  });

  it('rejects a code two steps back', async () => {
    const { username, twoFactorToken, totp } = await pending(29_999);
    const res = await verify(h, twoFactorToken, { otp: codeAt(totp, h.now - 2 * STEP), username });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(FAILED);
  });

  it('rejects a code of the next step', async () => {
    const { username, twoFactorToken, totp } = await pending(29_999);
    const res = await verify(h, twoFactorToken, { otp: codeAt(totp, h.now + STEP), username });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(FAILED);
  });

  it('accepts a time step once only (replay), and an earlier step after a later one neither', async () => {
    const { username, twoFactorToken, totp } = await pending(5_000);
    const code = codeAt(totp, h.now);
    expect((await verify(h, twoFactorToken, { otp: code, username })).status).toBe(200);
    const replay = await startLogin(h, username, totp);
    const res = await verify(h, replay.twoFactorToken, { otp: code, username });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(FAILED);
    // The previous step is inside the window, but older than the one already used.
    const older = await verify(h, replay.twoFactorToken, { otp: codeAt(totp, h.now - STEP), username });
    expect(older.status).toBe(401);
    h.at(h.now + STEP);
    const next = await verify(h, replay.twoFactorToken, { otp: codeAt(totp, h.now), username });
    expect(next.status).toBe(200);
  });

  it('20 concurrent submissions of one valid code give exactly one success', async () => {
    const { username, totp } = await pending(1_000);
    const logins = [];
    for (let i = 0; i < 20; i++) logins.push(await startLogin(h, username, totp));
    const code = codeAt(totp, h.now);
    const results = await Promise.all(
      logins.map((l) => verify(h, l.twoFactorToken, { otp: code, username })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(5);
  });

  it('20 concurrent submissions with one two-factor token give exactly one success', async () => {
    const { username, twoFactorToken, totp } = await pending(2_000);
    const code = codeAt(totp, h.now);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => verify(h, twoFactorToken, { otp: code, username })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 401 || r.status === 429)).toBe(true);
  });

  it('voids the two-factor token after 5 wrong codes, even for a right one', async () => {
    const { username, twoFactorToken, totp } = await pending();
    const right = codeAt(totp, h.now);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await verify(h, twoFactorToken, { otp: wrong, username })).status).toBe(401);
    }
    const res = await verify(h, twoFactorToken, { otp: right, username });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/log in again/);
    // A new login gets a new token, and the right code works with it.
    const again = await startLogin(h, username, totp);
    expect((await verify(h, again.twoFactorToken, { otp: right, username })).status).toBe(200);
  });

  it('accepts each recovery code once, in place of an OTP', async () => {
    const admin = await enrolledAdmin(h);
    const [first, second] = admin.recoveryCodes;
    const one = await startLogin(h, admin.username, admin.totp);
    const used = await verify(h, one.twoFactorToken, { otp: first!.toUpperCase(), username: admin.username });
    expect(used.status).toBe(200);
    expect(used.body.recoveryCodes).toBeUndefined();
    const two = await startLogin(h, admin.username, admin.totp);
    const reused = await verify(h, two.twoFactorToken, { otp: first, username: admin.username });
    expect(reused.status).toBe(401);
    const other = await verify(h, two.twoFactorToken, {
      otp: second!.replaceAll('-', ''),
      username: admin.username,
    });
    expect(other.status).toBe(200);
  });

  it('does not accept a recovery-shaped code before enrolment', async () => {
    const { username, twoFactorToken } = await pending();
    const res = await verify(h, twoFactorToken, { otp: 'abcd-efgh-jkmn', username });
    expect(res.status).toBe(401);
  });

  it('needs the username of the token and a two-factor token', async () => {
    const { username, twoFactorToken, totp } = await pending();
    const missing = await verify(h, twoFactorToken, { otp: codeAt(totp, h.now) });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: 'Username is not available.',
      fieldErrors: { username: ['Username is not available.'] },
    });
    const other = await verify(h, twoFactorToken, { otp: codeAt(totp, h.now), username: `${username}x` });
    expect(other.status).toBe(401);
    const noBearer = await request(h.app).post(`${PREFIX}/auth/verify-otp`).send({ otp: '123456', username });
    expect(noBearer.status).toBe(401);
    const unknown = await verify(h, 'x'.repeat(43), { otp: codeAt(totp, h.now), username });
    expect(unknown.status).toBe(401);
    const noOtp = await verify(h, twoFactorToken, { username });
    expect(noOtp.status).toBe(400);
    expect(noOtp.body.fieldErrors.otp).toBeDefined();
    // None of that used the code up.
    expect((await verify(h, twoFactorToken, { otp: codeAt(totp, h.now), username })).status).toBe(200);
  });

  it('expires the two-factor token after 5 minutes', async () => {
    const { username, twoFactorToken, totp } = await pending();
    h.at(h.now + 5 * 60_000);
    const res = await verify(h, twoFactorToken, { otp: codeAt(totp, h.now), username });
    expect(res.status).toBe(401);
  });

  it('an access token is not a two-factor token', async () => {
    const admin = await enrolledAdmin(h);
    h.at(h.now + STEP);
    const res = await verify(h, admin.accessToken, {
      otp: codeAt(admin.totp, h.now),
      username: admin.username,
    });
    expect(res.status).toBe(401);
  });

  it('limits attempts per account: 429 with Retry-After', async () => {
    const { username, twoFactorToken, totp } = await pending();
    const right = codeAt(totp, h.now);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await verify(h, twoFactorToken, { otp: wrong, username });
    const next = await startLogin(h, username, totp);
    for (let i = 0; i < 5; i++) {
      expect((await verify(h, next.twoFactorToken, { otp: wrong, username })).status).toBe(401);
    }
    const last = await startLogin(h, username, totp);
    const res = await verify(h, last.twoFactorToken, { otp: right, username });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(res.body.message).toMatch(/Too many attempts/);
  });
});
