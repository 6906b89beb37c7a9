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
    app = await startTestApp({ NODE_ENV: 'production' }, { logger });
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

  it.each(['/', '/about-us', '/privacy-policy?utm_source=mail'])('%s', async (path) => {
    lines.length = 0;
    const first = await get(path, { 'accept-encoding': 'br' });
    const again = await get(path, { 'accept-encoding': 'br' });
    expect(again.status).toBe(200);
    expect(comparable(again)).toEqual(comparable(first));
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    expect(first.headers.get('x-request-id')).not.toBe(again.headers.get('x-request-id'));
    expect(first.headers.get('content-security-policy')).not.toBe(
      again.headers.get('content-security-policy'),
    );
    const [logged, loggedAgain] = requestLines();
    expect(loggedAgain).toEqual(logged);
    expect(logged).toMatchObject({
      level: 30,
      req: { method: 'GET', path: path.split('?')[0] },
      res: { status: 200 },
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

  it('leaves the 404 page, other methods and percent-encoded paths to Express', async () => {
    await get('/');
    expect((await get('/no-such-page')).status).toBe(404);
    expect((await fetch(`${app.url}/`, { method: 'POST' })).status).toBeGreaterThanOrEqual(400);
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/robots.txt')).status).toBe(200);
  });
});
