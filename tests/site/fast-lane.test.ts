import { Writable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

/**
 * A public page already rendered is answered before Express's router (server/http/fast-lane.ts).
 * Whichever way it goes, the visitor and the operator must see the same thing: the first request
 * of a page is rendered through Express, later ones are served from memory.
 */
const METRICS = 'fast-lane-metrics-token-0123456789';

describe('cached public pages: same answer and log line as through Express', () => {
  let app: TestApp;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), sink);
    app = await startTestApp({ NODE_ENV: 'production', METRICS_TOKEN: METRICS }, { logger });
    await app.listen();
  });
  afterAll(() => app?.stop());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers });
  const comparable = (res: Response) => {
    const headers = Object.fromEntries(res.headers);
    delete headers.date;
    delete headers['x-request-id'];
    headers['content-security-policy'] = headers['content-security-policy']!.replace(
      /'nonce-[^']+'/,
      'NONCE',
    );
    return headers;
  };
  const requestLines = () =>
    lines
      .filter((line) => line.msg === 'request')
      .map(({ time: _time, durationMs, req, ...rest }) => ({
        ...rest,
        req: { ...(req as object), id: typeof (req as { id: unknown }).id },
        durationMs: typeof durationMs,
      }));

  it.each([
    ['/', 200],
    ['/about-us', 200],
    ['/privacy-policy?utm_source=mail', 200],
    ['/no-such-page', 404],
  ])('%s', async (path, status) => {
    lines.length = 0;
    const first = await get(path, { 'accept-encoding': 'br' });
    const again = await get(path, { 'accept-encoding': 'br' });
    expect(again.status).toBe(status);
    expect(comparable(again)).toEqual(comparable(first));
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    expect(first.headers.get('x-request-id')).not.toBe(again.headers.get('x-request-id'));
    expect(first.headers.get('content-security-policy')).not.toBe(
      again.headers.get('content-security-policy'),
    );
    const [logged, loggedAgain] = requestLines();
    expect(loggedAgain).toEqual(logged);
    expect(logged).toMatchObject({
      level: status === 404 ? 40 : 30,
      req: { method: 'GET', path: path.split('?')[0] },
      res: { status },
    });
  });

  it('answers 304 to a current copy, and plain text to a client without compression', async () => {
    const page = await get('/terms-of-service');
    const etag = page.headers.get('etag')!;
    // undici's request, not fetch: fetch turns a conditional request into a no-cache one.
    const current = await request(`${app.url}/terms-of-service`, { headers: { 'if-none-match': etag } });
    expect(current.statusCode).toBe(304);
    await current.body.dump();
    const plain = await get('/terms-of-service', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('</html>');
  });

  it('answers 304 only to a current copy of a 200 page, never of the 404 page', async () => {
    const missing = await get('/no-such-page');
    const stale = await request(`${app.url}/no-such-page`, {
      headers: { 'if-none-match': missing.headers.get('etag')! },
    });
    expect(stale.statusCode).toBe(404);
    await stale.body.dump();
  });

  it('leaves what Express routes itself to Express once the 404 page is held, whatever the case', async () => {
    expect((await get('/no-such-page')).status).toBe(404);
    expect((await get('/another/missing/page')).status).toBe(404);
    expect((await fetch(`${app.url}/`, { method: 'POST' })).status).toBeGreaterThanOrEqual(400);
    expect((await get('/%E0%A4%A')).status).toBe(400);
    for (const path of ['/robots.txt', '/ROBOTS.TXT', '/robots.txt/', '/healthz', '/HealthZ']) {
      expect((await get(path)).status, path).toBe(200);
    }
    const metrics = await get('/metrics', { authorization: `Bearer ${METRICS}` });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_request');
    expect((await get('/arguscreative/words/no-such-table')).headers.get('content-type')).toContain('json');
    const panel = await get('/argusma-words-panel/', { accept: 'text/html' });
    expect(panel.status).not.toBe(404);
  });
});
