/**
 * The panel proxy carries optimistic concurrency both ways (issue 12): the ETag of a record read
 * through it reaches the browser, the browser's If-Match reaches the content API, and a 412 comes
 * back with its message and the current version.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { CSRF, PANEL, panelCookie, readPanelAuth, testClock, totpCode } from './helpers.ts';

describe('panel proxy: ETag and If-Match', () => {
  const clock = testClock();
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp({}, { clock: clock.now });
    const http = request(app.handler);
    const login = await http
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .send({ username: 'admin', password: 'correct-horse-battery-staple' });
    const pending = await readPanelAuth(app, panelCookie(login)!);
    const verify = await http
      .post(`${PANEL}/session/verify-otp`)
      .set(CSRF)
      .set('Cookie', panelCookie(login)!)
      .send({ otp: totpCode(pending!.qrCodeUrl!, clock.now()) });
    expect(verify.status).toBe(200);
    cookie = panelCookie(verify)!;
  });
  afterAll(async () => app?.stop());

  const api = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(app.handler)[method](`${PANEL}/api/${path}`).set(CSRF).set('Cookie', cookie);

  it('relays the ETag, forwards If-Match, and relays a 412 with its message and the current version', async () => {
    const created = await api('post', 'languages/cms').send({ language: 'Proxied' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const read = await api('get', `languages/cms/${id}`);
    expect(read.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const etag = read.headers.etag as string;

    const saved = await api('put', `languages/cms/${id}`)
      .set('If-Match', etag)
      .send({ language: 'Proxied A' });
    expect(saved.status).toBe(200);
    expect(saved.headers.etag).not.toBe(etag);

    const stale = await api('put', `languages/cms/${id}`)
      .set('If-Match', etag)
      .send({ language: 'Proxied B' });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toMatch(
      new RegExp(`^Language ${id} has changed since you read it \\(last changed by admin at `),
    );
    expect(stale.headers.etag).toBe(saved.headers.etag);

    const gone = await api('delete', `languages/cms/${id}`).set('If-Match', etag);
    expect(gone.status).toBe(412);
    expect((await api('get', `languages/cms/${id}`)).body.language).toBe('Proxied A');
  });

  it("relays the API's 400 for a malformed If-Match", async () => {
    const res = await api('put', 'languages/cms/1').set('If-Match', 'abc').send({ language: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^If-Match must be \* or quoted entity tags/);
  });
});
