import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger.ts';
import { renderQrCodeSvg } from '../../server/session/qr-code.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { DIALECTS, testDatabase, type TestDatabase } from '../helpers/databases.ts';
import {
  CSRF,
  PANEL,
  panelCookie,
  panelSetCookie,
  readPanelAuth,
  secretsOf,
  sessionIdOf,
  testClock,
  totpCode,
} from './helpers.ts';

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };

describe.each(DIALECTS)('panel session flow against the embedded API (%s)', (dialect) => {
  let app: TestApp;
  let database: TestDatabase;
  const clock = testClock();
  const logLines: string[] = [];
  const bodies: string[] = [];
  const secrets = new Set<string>();
  /** What the authenticator app scanned at enrolment. */
  let scanned = '';

  beforeAll(async () => {
    database = testDatabase(dialect);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await startTestApp(
      { LOG_LEVEL: 'trace' },
      { clock: clock.now, database: database.options, logger: createLogger({ logLevel: 'trace' }, stream) },
    );
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  /** Every answer is kept, to prove afterwards that no session secret was ever in one. */
  const seen = (res: request.Response) => {
    bodies.push(res.text ?? '', JSON.stringify(res.headers));
    return res;
  };

  it('logs in with password and TOTP, uses the proxy, logs out, and never shows a secret', async () => {
    const http = request(app.handler);
    const first = seen(await http.get(`${PANEL}/session`));
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toMatchObject({
      state: 'logged-out',
      username: null,
      hasQrCode: false,
      idleDeadline: null,
    });
    expect(panelSetCookie(first)).toBeNull();

    // Password step.
    const wrong = seen(
      await http
        .post(`${PANEL}/session/login`)
        .set(CSRF)
        .send({ ...ADMIN, password: 'nope' }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'User or password not correct' });

    const login = seen(await http.post(`${PANEL}/session/login`).set(CSRF).send(ADMIN));
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ state: 'two-factor', username: 'admin', hasQrCode: true });
    const setCookie = panelSetCookie(login)!;
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).not.toMatch(/Domain=|Secure|Expires|Max-Age/i);
    const twoFactorCookie = panelCookie(login)!;
    expect(sessionIdOf(twoFactorCookie).length).toBeGreaterThanOrEqual(22);
    const pending = await readPanelAuth(app, twoFactorCookie);
    expect(pending).toMatchObject({ username: 'admin', twoFaEnabled: true, twoFaVerified: false });
    expect(pending?.twoFactorToken).toBeTruthy();
    expect(pending?.qrCodeUrl).toMatch(/^otpauth:\/\/totp\//);
    secretsOf(pending).forEach((s) => secrets.add(s));
    scanned = pending!.qrCodeUrl!;

    // The gating while two-factor is pending.
    const elsewhere = await http.get(`${PANEL}/level`).set('Cookie', twoFactorCookie);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.location).toBe(`${PANEL}/auth/set-qr-code`);
    const proxiedEarly = seen(
      await http.get(`${PANEL}/api/languages/cms/search/`).set('Cookie', twoFactorCookie),
    );
    expect(proxiedEarly.status).toBe(401);

    // The QR code is the otpauth URL the session holds, as a 256 px SVG.
    const qr = seen(await http.get(`${PANEL}/session/qr-code.svg`).set('Cookie', twoFactorCookie));
    expect(qr.status).toBe(200);
    expect(qr.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const svg = qr.text || Buffer.from(qr.body as Buffer).toString();
    expect(svg).toBe(await renderQrCodeSvg(pending!.qrCodeUrl!));
    expect(svg).toContain('width="256"');

    // Code step: a wrong code first, then the authenticator's code.
    const badCode = seen(
      await http
        .post(`${PANEL}/session/verify-otp`)
        .set(CSRF)
        .set('Cookie', twoFactorCookie)
        .send({ otp: '000000' }),
    );
    expect(badCode.status).toBe(401);
    expect(badCode.body).toEqual({ message: 'OTP verification failed. Please try again.' });

    const verify = seen(
      await http
        .post(`${PANEL}/session/verify-otp`)
        .set(CSRF)
        .set('Cookie', twoFactorCookie)
        .send({ otp: totpCode(pending!.qrCodeUrl!, clock.now()) }),
    );
    expect(verify.status).toBe(200);
    expect(verify.body.status).toMatchObject({ state: 'logged-in', username: 'admin', hasQrCode: false });
    expect(verify.body.recoveryCodes).toHaveLength(10);
    const cookie = panelCookie(verify)!;
    expect(sessionIdOf(cookie)).not.toBe(sessionIdOf(twoFactorCookie));
    expect(sessionIdOf(twoFactorCookie)).not.toBe(sessionIdOf(cookie));
    expect(await readPanelAuth(app, twoFactorCookie)).toBeNull();
    const live = await readPanelAuth(app, cookie);
    expect(live).toMatchObject({ twoFaVerified: true, twoFactorToken: null, qrCodeUrl: null });
    secretsOf(live).forEach((s) => secrets.add(s));
    expect(verify.headers['x-idle-deadline']).toBe(String(clock.now() + 15 * 60 * 1000));

    // Proxied CRUD.
    const created = seen(
      await http
        .post(`${PANEL}/api/languages/cms`)
        .set(CSRF)
        .set('Cookie', cookie)
        .send({ language: 'Esperanto' }),
    );
    expect(created.status).toBe(201);
    expect(created.headers.location).toBeUndefined();
    const id = created.body.id as number;
    const found = seen(
      await http.get(`${PANEL}/api/languages/cms/search/?page=0&language=esper`).set('Cookie', cookie),
    );
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain('Esperanto');
    const updated = seen(
      await http
        .put(`${PANEL}/api/languages/cms/${id}`)
        .set(CSRF)
        .set('Cookie', cookie)
        .send({ language: 'Volapük', isActive: true }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.language).toBe('Volapük');
    const removed = seen(
      await http.delete(`${PANEL}/api/languages/cms/${id}`).set(CSRF).set('Cookie', cookie),
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toBe(id);
    expect(removed.headers['x-idle-deadline']).toBeDefined();

    // Logged in: the access pages lead home, the panel pages pass the gate.
    const loginPage = await http.get(`${PANEL}/auth/login`).set('Cookie', cookie);
    expect(loginPage.status).toBe(302);
    expect(loginPage.headers.location).toBe(PANEL);

    // Logout: the session is gone, the cookie cleared, the upstream refresh token revoked.
    const logout = seen(await http.post(`${PANEL}/session/logout`).set(CSRF).set('Cookie', cookie));
    expect(logout.status).toBe(204);
    expect(panelSetCookie(logout)).toMatch(/argus-panel=;.*Expires=Thu, 01 Jan 1970/);
    expect(await readPanelAuth(app, cookie)).toBeNull();
    const revoked = await http
      .get('/arguscreative/words/auth/refresh-token')
      .set('Authorization', `Bearer ${live!.refreshToken}`);
    expect(revoked.status).toBe(401);

    const replay = seen(await http.get(`${PANEL}/api/languages/cms/search/`).set('Cookie', cookie));
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: 'Your session has ended. Please log in again.' });
    const replayStatus = seen(await http.get(`${PANEL}/session`).set('Cookie', cookie));
    expect(replayStatus.body.state).toBe('logged-out');
    const page = await http.get(`${PANEL}/level`).set('Cookie', cookie);
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/');
  });

  it('never put a session secret in a response or a log line', () => {
    expect(secrets.size).toBeGreaterThanOrEqual(4);
    expect(logLines.length).toBeGreaterThan(10);
    const everything = [...bodies, ...logLines].join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    // The TOTP secret inside the otpauth URL neither.
    for (const secret of secrets) {
      const totpSecret = /secret=([A-Z2-7]+)/.exec(secret)?.[1];
      if (totpSecret) expect(everything).not.toContain(totpSecret);
    }
  });

  it("answers 'Username is not available.' to a code without a password step", async () => {
    const res = await request(app.handler)
      .post(`${PANEL}/session/verify-otp`)
      .set(CSRF)
      .send({ otp: '123456' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Username is not available.' });
  });

  /** Password and code steps with the authenticator holding `scanned` (a new TOTP step each time). */
  async function logIn(): Promise<string> {
    const http = request(app.handler);
    clock.advance(30_000);
    const login = await http.post(`${PANEL}/session/login`).set(CSRF).send(ADMIN);
    expect(login.status).toBe(200);
    // Enrolled: the session holds no QR url any more and the code screen shows only the form.
    expect(login.body.hasQrCode).toBe(false);
    const verify = await http
      .post(`${PANEL}/session/verify-otp`)
      .set(CSRF)
      .set('Cookie', panelCookie(login)!)
      .send({ otp: totpCode(scanned, clock.now()) });
    expect(verify.status).toBe(200);
    expect(verify.body.recoveryCodes).toBeUndefined();
    return panelCookie(verify)!;
  }

  it('ends the session after 15 idle minutes even when the cookie is replayed; a status read does not extend it', async () => {
    const http = request(app.handler);
    const cookie = await logIn();
    clock.advance(14 * 60_000);
    expect((await http.get(`${PANEL}/api/languages/cms/search/`).set('Cookie', cookie)).status).toBe(200);
    clock.advance(14 * 60_000);
    // The access token (15 minutes) has expired meanwhile: refreshed on the way, unnoticed.
    const afterExpiry = await http.get(`${PANEL}/api/languages/cms/search/`).set('Cookie', cookie);
    expect(afterExpiry.status).toBe(200);
    expect(Number(afterExpiry.headers['x-idle-deadline'])).toBe(clock.now() + 15 * 60_000);
    clock.advance(10 * 60_000);
    const status = await http.get(`${PANEL}/session`).set('Cookie', cookie);
    expect(status.body.state).toBe('logged-in');
    clock.advance(5 * 60_000);
    const replay = await http.get(`${PANEL}/api/languages/cms/search/`).set('Cookie', cookie);
    expect(replay.status).toBe(401);
    expect(await readPanelAuth(app, cookie)).toBeNull();
    expect((await http.get(`${PANEL}/session`).set('Cookie', cookie)).body.state).toBe('logged-out');
  });

  it('keeps an active session for at most 12 hours', async () => {
    const http = request(app.handler);
    const cookie = await logIn();
    for (let minutes = 0; minutes < 12 * 60 - 10; minutes += 10) {
      clock.advance(10 * 60_000);
      const alive = await http.post(`${PANEL}/session/keep-alive`).set(CSRF).set('Cookie', cookie);
      expect(alive.status).toBe(200);
    }
    clock.advance(10 * 60_000);
    const over = await http.post(`${PANEL}/session/keep-alive`).set(CSRF).set('Cookie', cookie);
    expect(over.status).toBe(401);
    expect(over.body).toEqual({ message: 'Your session has ended. Please log in again.' });
  });
});
