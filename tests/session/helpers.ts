import type { SessionData } from 'express-session';
import { URI, type TOTP } from 'otpauth';
import request, { type Response } from 'supertest';
import type { AppHandle } from '../../server/app.ts';
import type { PanelAuth } from '../../server/session/session-data.ts';

export const PANEL = '/argusma-words-panel';
/** What the panel sends with every state-changing request (see server/http/csrf.ts). */
export const CSRF = { 'X-Argus-CSRF': '1', 'Sec-Fetch-Site': 'same-origin' } as const;

/** The full Set-Cookie line of the panel cookie in a response, or null. */
export function panelSetCookie(res: Response): string | null {
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return lines.find((line) => /^(__Host-)?argus-panel=/.test(line)) ?? null;
}

/** `name=value` of the panel cookie, ready for a Cookie header, or null when none was set. */
export function panelCookie(res: Response): string | null {
  const line = panelSetCookie(res);
  return line ? line.split(';')[0]! : null;
}

/** The session id inside a signed cookie (`s:<id>.<signature>`). */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const match = /^s:([^.]+)\./.exec(value);
  if (!match) throw new Error(`Not a signed session cookie: ${cookie}`);
  return match[1]!;
}

/**
 * Test-only window into the server-side session: what the store holds for this cookie (username,
 * two-factor token, access and refresh tokens, QR url). Browser and leak tests use it to know which
 * secrets to search responses, the DOM, cookies and storage for.
 */
export async function readPanelAuth(
  handle: Pick<AppHandle, 'sessionStore'>,
  cookie: string,
): Promise<PanelAuth | null> {
  const data = await new Promise<SessionData | null>((resolve, reject) =>
    handle.sessionStore.get(sessionIdOf(cookie), (error, session) =>
      error ? reject(error) : resolve(session ?? null),
    ),
  );
  return data?.auth ?? null;
}

/** Every secret string a session holds (for "appears nowhere" assertions). */
export function secretsOf(auth: PanelAuth | null): string[] {
  if (!auth) return [];
  return [auth.twoFactorToken, auth.accessToken, auth.refreshToken, auth.qrCodeUrl].filter(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
}

/** The authenticator app: a TOTP for the scanned otpauth URL at the app's clock time. */
export function totpCode(otpauthUrl: string, now: number): string {
  return (URI.parse(otpauthUrl) as TOTP).generate({ timestamp: now });
}

/** A controllable clock for createApp (idle timeout, TOTP steps, token expiry). */
export function testClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/**
 * The panel's two steps over HTTP, as the login screen sends them: username and password, then
 * a code from the QR url the session was given (`now` is the app's clock). The logged-in cookie.
 */
export async function logInToPanel(
  app: Pick<AppHandle, 'sessionStore'> & { url: string },
  admin: { username: string; password: string },
  now: number,
): Promise<string> {
  const login = await request(app.url).post(`${PANEL}/session/login`).set(CSRF).send(admin);
  const pending = panelCookie(login);
  const scanned = pending ? (await readPanelAuth(app, pending))?.qrCodeUrl : null;
  if (!pending || !scanned) throw new Error(`The password step failed: ${login.status} ${login.text}`);
  const verify = await request(app.url)
    .post(`${PANEL}/session/verify-otp`)
    .set(CSRF)
    .set('Cookie', pending)
    .send({ otp: totpCode(scanned, now) });
  const cookie = panelCookie(verify);
  if (verify.status !== 200 || !cookie)
    throw new Error(`The code step failed: ${verify.status} ${verify.text}`);
  return cookie;
}
