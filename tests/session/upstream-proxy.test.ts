import fc from 'fast-check';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { FakeUpstream } from './fake-upstream.ts';
import { CSRF, PANEL, panelCookie, panelSetCookie, readPanelAuth } from './helpers.ts';

// Short enough for the hang test, long enough for a loaded two-core machine running the whole suite.
const TIMEOUT_MS = 1500;

describe('panel proxy against a separate upstream server', () => {
  const upstream = new FakeUpstream();
  let app: TestApp;

  beforeAll(async () => {
    await upstream.start();
    app = await startTestApp(
      { UPSTREAM_API_URL: upstream.url },
      {
        upstreamTimeouts: {
          connectTimeoutMs: TIMEOUT_MS,
          headersTimeoutMs: TIMEOUT_MS,
          bodyTimeoutMs: TIMEOUT_MS,
        },
      },
    );
    await app.listen();
  });
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });
  afterEach(() => {
    upstream.hang = false;
    upstream.redirect = false;
    upstream.crash = false;
    upstream.garbage = false;
    upstream.slowMs = 0;
    upstream.refreshFails = false;
    upstream.twoFaEnabled = true;
    upstream.verifyRefusal = null;
  });

  async function logIn(): Promise<string> {
    const login = await request(app.url)
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .send({ username: 'admin', password: 'pw' });
    expect(login.status).toBe(200);
    const verify = await request(app.url)
      .post(`${PANEL}/session/verify-otp`)
      .set(CSRF)
      .set('Cookie', panelCookie(login)!)
      .send({ otp: '123456' });
    expect(verify.status).toBe(200);
    return panelCookie(verify)!;
  }

  it("answers 'Not authorized' to an account without two-factor and stays logged out", async () => {
    upstream.twoFaEnabled = false;
    const res = await request(app.url)
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .send({ username: 'player', password: 'pw' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Not authorized' });
    expect(panelSetCookie(res)).toBeNull();
  });

  it("answers 'User or password not correct' whatever the upstream said, but keeps a rate limit's message", async () => {
    const bad = await request(app.url)
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .send({ username: 'nobody', password: 'pw' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: 'User or password not correct' });
    const empty = await request(app.url).post(`${PANEL}/session/login`).set(CSRF).send({});
    expect(empty.body).toEqual({ message: 'User or password not correct' });
    const limited = await request(app.url)
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .send({ username: 'slow', password: 'pw' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.body.message).toMatch(/Too many attempts/);
  });

  it("passes the server's own verify-otp message on; an expired step also says to log in again", async () => {
    const login = await request(app.url)
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .send({ username: 'admin', password: 'pw' });
    const verify = () =>
      request(app.url)
        .post(`${PANEL}/session/verify-otp`)
        .set(CSRF)
        .set('Cookie', panelCookie(login)!)
        .send({ otp: '123456' });
    upstream.verifyRefusal = 'That code is not the one we expected (upstream wording).';
    const refused = await verify();
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'That code is not the one we expected (upstream wording).' });
    upstream.verifyRefusal = 'Two-factor session expired or used up. Please log in again.';
    const res = await verify();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Two-factor session expired or used up. Please log in again.',
      loginAgain: true,
    });
  });

  it('refreshes once for ten concurrent requests with an expired token, and all of them succeed', async () => {
    const cookie = await logIn();
    upstream.expireAccessTokens();
    const before = upstream.refreshCalls;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(app.url)
          .put(`${PANEL}/api/levels/cms/${i + 1}`)
          .set(CSRF)
          .set('Cookie', cookie)
          .send({ hint: `hint ${i}` }),
      ),
    );
    expect(upstream.refreshCalls - before).toBe(1);
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(200);
      // The retry carried the same body.
      expect(res.body).toMatchObject({
        method: 'PUT',
        path: `/levels/cms/${i + 1}`,
        body: { hint: `hint ${i}` },
      });
    }
    // The refreshed pair is what the session holds now, and it works.
    const auth = await readPanelAuth(app, cookie);
    expect(upstream.validAccess.has(auth!.accessToken!)).toBe(true);
    expect((await request(app.url).get(`${PANEL}/api/levels/cms/search/`).set('Cookie', cookie)).status).toBe(
      200,
    );
  });

  it('ends the session when the refresh is refused', async () => {
    const cookie = await logIn();
    upstream.expireAccessTokens();
    upstream.refreshFails = true;
    const res = await request(app.url).get(`${PANEL}/api/levels/cms/search/`).set('Cookie', cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Your session has ended. Please log in again.' });
    expect(panelSetCookie(res)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await readPanelAuth(app, cookie)).toBeNull();
    expect((await request(app.url).get(`${PANEL}/session`).set('Cookie', cookie)).body.state).toBe(
      'logged-out',
    );
  });

  it('answers 504 with the request id when the upstream hangs, within the timeout', async () => {
    const cookie = await logIn();
    upstream.hang = true;
    const started = Date.now();
    const res = await request(app.url).get(`${PANEL}/api/levels/cms/search/`).set('Cookie', cookie);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ message: expect.any(String), requestId: res.headers['x-request-id'] });
    expect(res.text).not.toMatch(/at \w+ \(|node:internal/);
  });

  it('replaces an upstream 5xx body (an HTML stack trace) with its own JSON and the request id', async () => {
    const cookie = await logIn();
    upstream.crash = true;
    const res = await request(app.url).get(`${PANEL}/api/levels/cms/search/`).set('Cookie', cookie);
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      message: `The content API failed (status 500). (request ${res.headers['x-request-id']})`,
      requestId: res.headers['x-request-id'],
    });
    expect(res.text).not.toMatch(/secret-internals|TypeError|<html/);
  });

  it('answers 502 with its own JSON when the upstream answers garbage, and waits for a slow one', async () => {
    const cookie = await logIn();
    upstream.garbage = true;
    const bad = await request(app.url).get(`${PANEL}/api/levels/cms/search/`).set('Cookie', cookie);
    expect(bad.status).toBe(502);
    expect(bad.body).toEqual({
      message: `The content API is unavailable. Please try again in a moment. (request ${bad.headers['x-request-id']})`,
      requestId: bad.headers['x-request-id'],
    });
    upstream.garbage = false;
    upstream.slowMs = TIMEOUT_MS / 3;
    const slow = await request(app.url).get(`${PANEL}/api/levels/cms/search/`).set('Cookie', cookie);
    expect(slow.status).toBe(200);
  });

  it('answers 502 when the upstream is down', async () => {
    const cookie = await logIn();
    const down = await startTestApp({ UPSTREAM_API_URL: 'http://127.0.0.1:9/arguscreative/words' });
    try {
      const res = await request(down.handler)
        .post(`${PANEL}/session/login`)
        .set(CSRF)
        .send({ username: 'a', password: 'b' });
      // Not 'User or password not correct': the admin would doubt a password that is right.
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        message: `The content API is unavailable. Please try again in a moment. (request ${res.headers['x-request-id']})`,
        requestId: res.headers['x-request-id'],
      });
    } finally {
      await down.stop();
    }
    expect(cookie).toBeTruthy();
  });

  it('does not follow redirects, and relays no Set-Cookie, Location or other upstream header', async () => {
    const cookie = await logIn();
    const ok = await request(app.url).get(`${PANEL}/api/levels/cms/7`).set('Cookie', cookie);
    expect(ok.status).toBe(200);
    expect(ok.headers['set-cookie']).toBeUndefined();
    expect(ok.headers['x-upstream-secret']).toBeUndefined();
    expect(ok.headers.etag).toBe('"abc"');
    upstream.redirect = true;
    const seenBefore = upstream.seen.length;
    const moved = await request(app.url).get(`${PANEL}/api/levels/cms/7`).set('Cookie', cookie);
    expect(moved.status).toBe(502);
    expect(moved.headers.location).toBeUndefined();
    expect(upstream.seen.length).toBe(seenBefore + 1);
  });

  it('forwards only allow-listed headers: injected Authorization, Cookie and X-Forwarded-For never arrive', async () => {
    const cookie = await logIn();
    const res = await request(app.url)
      .get(`${PANEL}/api/levels/cms/search/?hint=a`)
      .set('Cookie', `${cookie}; other=evil-cookie`)
      .set('Authorization', 'Bearer injected-token')
      .set('X-Forwarded-For', '6.6.6.6')
      .set('X-Forwarded-Host', 'evil.example')
      .set('Accept-Language', 'en');
    expect(res.status).toBe(200);
    const arrived = upstream.seen.at(-1)!;
    expect(arrived.url).toBe('/arguscreative/words/levels/cms/search/?hint=a');
    expect(arrived.headers.authorization).toMatch(/^Bearer access-/);
    expect(arrived.headers.cookie).toBeUndefined();
    expect(arrived.headers['x-forwarded-for']).toBeUndefined();
    expect(arrived.headers['x-forwarded-host']).toBeUndefined();
    expect(arrived.headers['accept-language']).toBe('en');
    expect(JSON.stringify(arrived.headers)).not.toMatch(/injected-token|evil-cookie|6\.6\.6\.6/);
  });

  it('keeps the refresh endpoint and everything outside the allow-list out of reach', async () => {
    const cookie = await logIn();
    const before = upstream.seen.length;
    const refused = [
      ['GET', '/auth/refresh-token'],
      ['POST', '/auth/logout'],
      ['GET', '//evil.example/levels/cms/1'],
      ['GET', '/..%2f..%2fauth/refresh-token'],
      ['GET', '/levels/cms/..%2f..%2fauth%2frefresh-token'],
      ['GET', '/levels/cms/%2e%2e/%2e%2e/auth/refresh-token'],
      ['GET', '/levels%5ccms%5c1'],
      ['GET', '/levels/cms/1%5c..%5c..'],
      ['GET', '/http://evil.example/levels/cms/1'],
      ['GET', '/levels/cms/1?x=1#frag'],
      ['POST', '/users/cms'],
      ['POST', '/levels/cms/1'],
      ['DELETE', '/audit/cms/1'],
      ['PUT', '/levels/cms/search'],
      ['GET', '/openapi.json'],
      ['GET', '/nope/cms/search/'],
    ] as const;
    for (const [method, path] of refused) {
      const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      const client = request(app.url);
      const res = await client[verb](`${PANEL}/api${path}`)
        .set(CSRF)
        .set('Cookie', cookie)
        .send(method === 'GET' || method === 'DELETE' ? undefined : {});
      if (path === '/levels/cms/1?x=1#frag') {
        // The fragment never leaves the client; the id route takes no query: forwarded without it.
        expect(res.status).toBe(200);
        continue;
      }
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const reached = upstream.seen.slice(before).map((r) => r.url);
    expect(reached).toEqual(['/arguscreative/words/levels/cms/1']);
  });

  it('never reaches any other upstream path, whatever the path (property)', async () => {
    const cookie = await logIn();
    const segment = fc.oneof(
      fc.constantFrom(
        'levels',
        'cms',
        'search',
        'bulk',
        '..',
        '.',
        '%2e%2e',
        '%2f',
        '%5c',
        '\\',
        'auth',
        'refresh-token',
        '1',
        '',
        'evil.example',
        '@evil.example',
        '%00',
        '%0d%0a',
      ),
      fc.string({ maxLength: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { maxLength: 6 }), async (segments) => {
        const before = upstream.seen.length;
        const path = `/${segments.join('/')}`;
        let status: number;
        try {
          status = (
            await request(app.url)
              .get(`${PANEL}/api${encodeURI(path).replace(/%25/g, '%')}`)
              .set('Cookie', cookie)
          ).status;
        } catch {
          return; // the client refused to send it
        }
        for (const arrived of upstream.seen.slice(before)) {
          expect(arrived.url, path).toMatch(
            /^\/arguscreative\/words\/[a-z-]+\/cms(\/search\/|\/\d+|\/bulk)?(\?.*)?$/,
          );
        }
        expect([200, 400, 404], path).toContain(status);
      }),
      { numRuns: 150 },
    );
  });
});
