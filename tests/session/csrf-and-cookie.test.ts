import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { FakeUpstream } from './fake-upstream.ts';
import { CSRF, PANEL, panelCookie, panelSetCookie, readPanelAuth } from './helpers.ts';

const SITE = 'https://words.example.com';

describe('CSRF defence of the panel endpoints', () => {
  const upstream = new FakeUpstream();
  let app: TestApp;

  beforeAll(async () => {
    await upstream.start();
    app = await startTestApp({ UPSTREAM_API_URL: upstream.url });
  });
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  const credentials = { username: 'admin', password: 'pw' };

  it.each([
    [
      'a cross-site form post',
      { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site' },
    ],
    [
      'a text/plain post without the header',
      { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-origin' },
    ],
    ['a same-origin JSON post without the header', { 'Sec-Fetch-Site': 'same-origin' }],
    ['the header from another site', { ...CSRF, 'Sec-Fetch-Site': 'same-site' }],
    ['the header with a foreign Origin', { 'X-Argus-CSRF': '1', Origin: 'https://evil.example' }],
    ['the header with neither Sec-Fetch-Site nor Origin', { 'X-Argus-CSRF': '1' }],
    ['a wrong header value', { 'X-Argus-CSRF': 'yes', 'Sec-Fetch-Site': 'same-origin' }],
  ])('refuses %s (403, nothing sent upstream)', async (_name, given) => {
    const headers: Record<string, string> = given;
    const before = upstream.seen.length;
    for (const path of ['/session/login', '/session/logout', '/session/keep-alive', '/api/levels/cms']) {
      const res = await request(app.handler)
        .post(`${PANEL}${path}`)
        .set(headers)
        .send(
          headers['Content-Type'] === 'application/x-www-form-urlencoded'
            ? 'username=admin&password=pw'
            : JSON.stringify(credentials),
        );
      expect(res.status, path).toBe(403);
      expect(res.body.message).toMatch(/^Request refused/);
      expect(panelSetCookie(res)).toBeNull();
    }
    expect(upstream.seen.length).toBe(before);
  });

  it('accepts the header with an exact Origin when Sec-Fetch-Site is absent', async () => {
    const own = await request(app.handler)
      .post(`${PANEL}/session/login`)
      .set({ 'X-Argus-CSRF': '1', Origin: app.config.public.baseUrl })
      .send(credentials);
    expect(own.status).toBe(200);
    const lookalike = await request(app.handler)
      .post(`${PANEL}/session/login`)
      .set({ 'X-Argus-CSRF': '1', Origin: `${app.config.public.baseUrl}.evil.example` })
      .send(credentials);
    expect(lookalike.status).toBe(403);
  });

  it('refuses a text/plain login even with the header', async () => {
    const res = await request(app.handler)
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify(credentials));
    expect(res.status).toBe(415);
  });

  it('lets GET through without the header, and GET never changes state', async () => {
    const res = await request(app.handler).get(`${PANEL}/session/logout`);
    expect(res.status).toBe(302); // a page path: the gate sends the logged-out visitor home
    expect(res.headers.location).toBe('/');
  });

  it('revokes the upstream refresh token on logout', async () => {
    const login = await request(app.handler).post(`${PANEL}/session/login`).set(CSRF).send(credentials);
    const verify = await request(app.handler)
      .post(`${PANEL}/session/verify-otp`)
      .set(CSRF)
      .set('Cookie', panelCookie(login)!)
      .send({ otp: '123456' });
    const cookie = panelCookie(verify)!;
    const { refreshToken } = (await readPanelAuth(app, cookie))!;
    const res = await request(app.handler).post(`${PANEL}/session/logout`).set(CSRF).set('Cookie', cookie);
    expect(res.status).toBe(204);
    expect(upstream.logoutCalls).toContain(refreshToken);
  });
});

describe('the session cookie over HTTPS', () => {
  const upstream = new FakeUpstream();
  let app: TestApp;

  beforeAll(async () => {
    await upstream.start();
    // TLS ends at a reverse proxy one hop in front (X-Forwarded-Proto believed from one hop only).
    app = await startTestApp({ UPSTREAM_API_URL: upstream.url, PUBLIC_BASE_URL: SITE, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  it('is __Host- prefixed, Secure, HttpOnly, SameSite=Strict, Path=/ and has no Domain', async () => {
    const res = await request(app.handler)
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .set('X-Forwarded-Proto', 'https')
      .send({ username: 'admin', password: 'pw' });
    expect(res.status).toBe(200);
    const line = panelSetCookie(res)!;
    expect(line).toMatch(/^__Host-argus-panel=s%3A/);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).not.toMatch(/Domain=/i);
  });

  it('is never sent over plain HTTP', async () => {
    const res = await request(app.handler)
      .post(`${PANEL}/session/login`)
      .set({ 'X-Argus-CSRF': '1', Origin: SITE })
      .send({ username: 'admin', password: 'pw' });
    expect(res.status).toBe(200);
    expect(panelSetCookie(res)).toBeNull();
  });
});
