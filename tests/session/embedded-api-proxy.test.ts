/**
 * The panel proxy reaches the embedded content API in process, through the API's own route table
 * (server/api/http/in-process.ts). These prove the session's token replaces whatever the browser
 * sent, the browser's IP reaches the audit log, the API's errors come back as the API wrote them,
 * only the panel's own headers are sent, and the request log has one line per browser request.
 */
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { CSRF, logInToPanel, PANEL, readPanelAuth, testClock } from './helpers.ts';

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
const API = '/arguscreative/words';
const BROWSER_IP = '203.0.113.7';

describe('panel proxy to the embedded API', () => {
  const clock = testClock();
  const logLines: string[] = [];
  let app: TestApp;
  let cookie: string;
  let bearer: string;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    // One proxy in front (TRUST_PROXY=1): its X-Forwarded-For names the browser.
    app = await startTestApp(
      { TRUST_PROXY: '1', LOG_LEVEL: 'info' },
      { clock: clock.now, logger: createLogger({ logLevel: 'info' }, stream) },
    );
    await app.listen();
    cookie = await logInToPanel(app, ADMIN, clock.now());
    bearer = (await readPanelAuth(app, cookie))!.accessToken!;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const proxied = (method: 'get' | 'post' | 'put', path: string) =>
    request(app.url)[method](`${PANEL}/api/${path}`).set(CSRF).set('Cookie', cookie);
  const direct = (method: 'get' | 'post' | 'put', path: string) =>
    request(app.url)[method](`${API}/${path}`).set('Authorization', `Bearer ${bearer}`);

  it("sends the session's token whatever the browser puts in Authorization, Cookie or the internal headers", async () => {
    const res = await proxied('get', 'languages/cms/search/?size=1')
      .set('Authorization', 'Bearer forged')
      .set('X-Argus-Internal-Key', 'forged')
      .set('X-Argus-Client-Ip', '198.51.100.1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ content: expect.any(Array), totalElements: expect.any(Number) });
  });

  it("writes the browser's IP, not the server's or a forged one, into the audit log", async () => {
    const created = await proxied('post', 'languages/cms')
      .set('X-Forwarded-For', BROWSER_IP)
      .set('X-Argus-Client-Ip', '198.51.100.1')
      .send({ language: 'Audited In Process' });
    expect(created.status).toBe(201);
    const audit = await proxied('get', `audit/cms/search/?entity=languages&entityId=${created.body.id}`);
    expect(audit.status).toBe(200);
    expect(audit.body.content).toHaveLength(1);
    expect(audit.body.content[0]).toMatchObject({ action: 'create', username: 'admin', ip: BROWSER_IP });
  });

  it("relays the API's 4xx answers exactly as the API gives them to a bearer client", async () => {
    const calls: Array<[method: 'get' | 'post' | 'put', path: string, body?: object]> = [
      ['get', 'languages/cms/999999'],
      ['get', 'languages/cms/search/?sort=nope'],
      ['get', 'languages/cms/search/?size=100000'],
      ['post', 'languages/cms', { language: '' }],
      ['put', 'languages/cms/999999', { language: 'Nowhere' }],
    ];
    for (const [method, path, body] of calls) {
      const viaPanel = await proxied(method, path).send(body);
      const viaApi = await direct(method, path).send(body);
      expect(viaPanel.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(viaPanel.status, `${method} ${path}`).toBeLessThan(500);
      expect([viaPanel.status, viaPanel.body], `${method} ${path}`).toEqual([viaApi.status, viaApi.body]);
      expect(viaPanel.headers['content-type']).toBe(viaApi.headers['content-type']);
    }
  });

  it("answers with the panel's own headers only: none of the API's, one request id", async () => {
    const status = await request(app.url).get(`${PANEL}/session`).set('Cookie', cookie);
    const res = await proxied('get', 'languages/cms/search/?size=1');
    expect(res.status).toBe(200);
    const names = (r: request.Response) =>
      Object.keys(r.headers)
        .filter((name) => !['etag', 'content-length', 'date', 'vary'].includes(name))
        .sort();
    expect(names(res)).toEqual(names(status));
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toMatch(/nonce-/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('logs the panel call once: the API call it made is no second HTTP request', async () => {
    const before = logLines.length;
    const res = await proxied('get', 'languages/cms/search/?size=2');
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = logLines
      .slice(before)
      .map((line) => JSON.parse(line) as { msg: string; req: { path: string }; res: { status: number } })
      .filter((line) => line.msg === 'request');
    expect(lines.map((line) => [line.req.path, line.res.status])).toEqual([
      [`${PANEL}/api/languages/cms/search/`, 200],
    ]);
  });
});
