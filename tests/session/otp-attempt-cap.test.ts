import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_FAILED, OTP_USED_UP } from '../../server/session/panel-verify-otp-route.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { CSRF, PANEL, panelCookie, readPanelAuth, testClock, totpCode } from './helpers.ts';

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };

/**
 * The two-factor step's end (issue 12): the manual key of an enrolment, and the attempt cap. The
 * content API voids a two-factor token after five wrong codes; the panel counts them too, so the
 * fifth answer already says the login is spent (`loginAgain`) and the login screen stays open to
 * start over.
 */
describe('panel two-factor step: manual key and attempt cap', () => {
  const clock = testClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { clock: clock.now });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const logIn = async () => {
    const login = await request(app.handler).post(`${PANEL}/session/login`).set(CSRF).send(ADMIN);
    expect(login.status).toBe(200);
    return panelCookie(login)!;
  };
  const verify = (cookie: string, otp: string) =>
    request(app.handler).post(`${PANEL}/session/verify-otp`).set(CSRF).set('Cookie', cookie).send({ otp });

  it('gives the QR code’s secret as the manual key while enrolling, and only then', async () => {
    const cookie = await logIn();
    const auth = await readPanelAuth(app, cookie);
    const secret = new URL(auth!.qrCodeUrl!).searchParams.get('secret');
    const key = await request(app.handler).get(`${PANEL}/session/totp-key`).set('Cookie', cookie);
    expect(key.status).toBe(200);
    expect(key.headers['cache-control']).toBe('no-store');
    expect(key.body).toEqual({ key: secret });
    expect((await request(app.handler).get(`${PANEL}/session/totp-key`)).status).toBe(404);
  });

  it('after five wrong codes says to log in again, and the login screen is open to do so', async () => {
    const cookie = await logIn();
    const scanned = (await readPanelAuth(app, cookie))!.qrCodeUrl!;
    const right = totpCode(scanned, clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await verify(cookie, wrong);
      expect(answer.status, `attempt ${attempt}`).toBe(401);
      expect(answer.body).toEqual({ message: OTP_FAILED });
    }
    const fifth = await verify(cookie, wrong);
    expect(fifth.status).toBe(401);
    expect(fifth.body).toEqual({ message: OTP_USED_UP, loginAgain: true });
    // Spent: even the right code is refused without another try at the API.
    const sixth = await verify(cookie, right);
    expect(sixth.body).toEqual({ message: OTP_USED_UP, loginAgain: true });

    const loginPage = await request(app.handler).get(`${PANEL}/auth/login`).set('Cookie', cookie);
    expect(loginPage.status).toBe(200);
    expect(loginPage.text).toContain('Log in');
    const elsewhere = await request(app.handler).get(`${PANEL}/level`).set('Cookie', cookie);
    expect(elsewhere.headers.location).toBe(`${PANEL}/auth/set-qr-code`);

    // A new login starts a new count, and a right code completes it.
    clock.advance(30_000);
    const again = await logIn();
    const done = await verify(again, totpCode(scanned, clock.now()));
    expect(done.status).toBe(200);
    expect(done.body.status.state).toBe('logged-in');
    expect(
      (
        await request(app.handler)
          .get(`${PANEL}/session/totp-key`)
          .set('Cookie', panelCookie(done) ?? again)
      ).status,
    ).toBe(404);
  });
});
